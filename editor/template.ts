// Dialog templates built from tables. Each nodes/<type>/editor.html holds only the template
// script with a `<div class="ezviz-form"></div>` placeholder; the rows are generated here at
// load time, before Node-RED reads the template, so Node-RED fills and validates the fields
// as in any hand-written template. Texts come from the catalogs through data-i18n.
import { SHARED_NS } from './red';

/** Placeholder in nodes/<type>/editor.html that the generated rows replace. */
const MARK = /<div class="ezviz-form"><\/div>/;

export interface Row {
  /** Id of the field the label is for. */
  id: string;
  /** Font Awesome 4 icon name, e.g. `fa-tag`. */
  icon: string;
  /** data-i18n key of the label (with its namespace). */
  label: string;
  /** The field's HTML. */
  field: string;
  /** Id of the row itself, for rows shown or hidden by the dialog code. */
  rowId?: string;
}

export function row(r: Row): string {
  const rowId = r.rowId ? ` id="${r.rowId}"` : '';
  return (
    `<div class="form-row"${rowId}><label for="${r.id}"><i class="fa ${r.icon}"></i> ` +
    `<span data-i18n="${r.label}"></span></label>${r.field}</div>`
  );
}

export interface InputOptions {
  type?: 'text' | 'password' | 'hidden';
  width?: string;
  /** data-i18n key of the placeholder. */
  placeholder?: string;
  /** data-i18n key of a unit shown after the field. */
  unit?: string;
}

export function input(id: string, o: InputOptions = {}): string {
  const style = o.width ? ` style="width:${o.width}"` : '';
  const ph = o.placeholder ? ` data-i18n="[placeholder]${o.placeholder}"` : '';
  const unit = o.unit ? ` <span data-i18n="${o.unit}"></span>` : '';
  return `<input type="${o.type || 'text'}" id="${id}"${style}${ph}>${unit}`;
}

/**
 * The rows of a node's own settings, one call each (the alarm node's dialog): `(name, icon, field,
 * shown)` is the row of `node-input-<name>` labelled `<L>.label.<name>`, where `field` is 'text' (70 %
 * wide, placeholder `<L>.placeholder.<name>`), 'check' (a checkbox saying `<L>.<name>`) or the field's
 * HTML made for that id; `shown`: the row has the id `<rowPrefix><name>`, for the dialog to show or hide.
 */
export const settingRows =
  (L: string, rowPrefix: string) =>
  (name: string, icon: string, field: string | ((id: string) => string), shown?: boolean): string => {
    const id = `node-input-${name}`;
    const html =
      field === 'text'
        ? input(id, { width: '70%', placeholder: `${L}.placeholder.${name}` })
        : field === 'check'
          ? checkbox(id, `${L}.${name}`)
          : typeof field === 'function'
            ? field(id)
            : field;
    return row({ id, icon, label: `${L}.label.${name}`, field: html, rowId: shown ? rowPrefix + name : undefined });
  };

/** A node's dialog as the EZVIZ nodes lay it out: the account, the node's own rows, the name and
 * its tip (the catalog key, the element's id). */
export function nodeDialog(own: string[], tipKey: string, tipId: string): string {
  return [
    row({
      id: 'node-input-config',
      icon: 'fa-user',
      label: `${SHARED_NS}:editor.config`,
      field: input('node-input-config'),
    }),
    ...own,
    row({
      id: 'node-input-name',
      icon: 'fa-tag',
      label: 'node-red:common.label.name',
      field: input('node-input-name', { width: '70%', placeholder: 'node-red:common.label.name' }),
    }),
    tip(tipKey, tipId),
  ].join('\n');
}

/** A tip box whose text (HTML allowed) comes from the catalog. */
export function tip(key: string, id?: string): string {
  // Node-RED spaces form rows but not tips; a tip followed by rows needs the same gap.
  return `<div class="form-tips" style="margin-bottom: 12px"${id ? ` id="${id}"` : ''} data-i18n="[html]${key}"></div>`;
}

/** Put the generated rows into the node's template (or create the template if missing). */
export function installTemplate(type: string, html: string): void {
  let script = $(`script[data-template-name="${type}"]`);
  if (!script.length) {
    script = $('<script type="text/html"></script>').attr('data-template-name', type).appendTo(document.body);
  }
  const current = script.html() || '';
  script.html(MARK.test(current) ? current.replace(MARK, html) : current + html);
}

/** A select; an option without a key gets its text in oneditprepare (the dialog's i18n would show a
 * key with a placeholder as `__n__`). */
export const select = (id: string, options: Array<[string, string]>): string =>
  `<select id="${id}" style="width:70%">${options.map(([v, key]) => `<option value="${v}"${key ? ` data-i18n="${key}"` : ''}></option>`).join('')}</select>`;
/** A checkbox with its text from the catalog key. */
export const checkbox = (id: string, key: string): string =>
  `<input type="checkbox" id="${id}" style="display:inline-block; width:auto; ` +
  `vertical-align:top;"> <span data-i18n="${key}"></span>`;

/**
 * A list of checkboxes in two columns, one per value, each labelled by the catalog key
 * `${labelKey}.${value}` (the alarm node's kinds, docs/behaviour.md section 27).
 */
export function checkList(id: string, values: readonly string[], labelKey: string): string {
  const box = 'display:inline-block;width:auto;vertical-align:baseline;margin:0 4px 0 0';
  const items = values.map(
    (v) =>
      `<label style="display:block;width:auto;white-space:nowrap"><input type="checkbox" value="${v}" ` +
      `style="${box}"> <span data-i18n="${labelKey}.${v}"></span></label>`,
  );
  return `<div id="${id}" style="display:inline-block;width:70%;columns:2;column-gap:12px">${items.join('')}</div>`;
}

/** Ticks the boxes of a checkList whose values a node saved (an array; anything else ticks none). */
export function setChecked(id: string, saved: unknown): void {
  const values = new Set(Array.isArray(saved) ? saved.map(String) : []);
  $(`#${id} input[type=checkbox]`).each(function () {
    $(this).prop('checked', values.has(String($(this).val())));
  });
}

/** The values of a checkList's ticked boxes, in the list's order. */
export function checkedValues(id: string): string[] {
  return $(`#${id} input[type=checkbox]:checked`)
    .map(function () {
      return String($(this).val());
    })
    .get();
}
