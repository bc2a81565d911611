// The dialog of an operation node (one row of the OPERATIONS table): its rows (account, one per
// parameter and option, the name, a tip), each parameter's TypedInput when the dialog opens, and a
// secret parameter kept out of the flow on save. editor/operation-node.ts builds the definition.
import type { OperationSpec, OptionSpec, ParamSpec } from '../client/operations/operations';
import { CREDENTIAL_SET, hasCredential, STORED_SECRET } from './checks';
import { fitSelect } from './param-selects';
import { paramDefault, paramIcon, placeholderFor, typedInputTypes } from './params';
import { esc, PACKAGE, SHARED_NS, type NodeInstance } from './red';
import type { EditorWidgetTypedInputOptions } from 'node-red';
import { input, nodeDialog, row } from './template';

function paramRow(p: ParamSpec): string {
  const id = `node-input-${p.name}`;
  return row({
    id,
    icon: paramIcon(p.kind),
    label: `${SHARED_NS}:params.${p.name}.label`,
    field: input(id, { width: '70%' }) + input(`${id}Type`, { type: 'hidden' }),
  });
}

/** A node option: a checkbox (capture `download`) or a number of seconds (device `watch`), with
 * its explanation beside it. */
function optionRow(o: OptionSpec): string {
  const id = `node-input-${o.name}`;
  const field =
    o.kind === 'seconds'
      ? `<input type="text" id="${id}" style="width:80px;"> `
      : `<input type="checkbox" id="${id}" style="display:inline-block; width:auto; vertical-align:top;"> `;
  return row({
    id,
    icon: o.kind === 'seconds' ? 'fa-eye' : o.name === 'progress' ? 'fa-tasks' : 'fa-download',
    label: `${SHARED_NS}:options.${o.name}.label`,
    field: field + `<span data-i18n="${SHARED_NS}:options.${o.name}.hint"></span>`,
  });
}

/** A parameter's TypedInput types as Node-RED takes them: its typings know neither the `cred` type
 * nor a validate that returns the reason (Node-RED 3.1+ shows it), both of which these use. */
const widgetTypes = (p: ParamSpec): EditorWidgetTypedInputOptions['types'] =>
  typedInputTypes(p) as unknown as EditorWidgetTypedInputOptions['types'];

/** The dialog: account, one row per parameter and option of the table, the name, a tip. */
export function dialogHtml(spec: OperationSpec): string {
  return nodeDialog(
    [...spec.params.map(paramRow), ...(spec.options || []).map(optionRow)],
    `${PACKAGE}/${spec.type}:${spec.type}.tip`,
    `ezviz-tip-${esc(spec.operation)}`,
  );
}

/** Each parameter's TypedInput in the open dialog (its type, a fitted select value, its placeholder). */
export function prepareParams(spec: OperationSpec, node: NodeInstance): void {
  for (const p of spec.params) {
    const field = $(`#node-input-${p.name}`);
    const typeField = $(`#node-input-${p.name}Type`);
    if (p.secret) {
      // Node-RED filled the shared field with the credential marker; show what the type needs.
      const isCred = (typeField.val() || node[`${p.name}Type`]) === 'cred';
      const has = Boolean(node.credentials && node.credentials[`has_${p.name}`]);
      field.val(isCred ? (has ? STORED_SECRET : '') : String(node[p.name] ?? ''));
    }
    const fitted = fitSelect(p, String(typeField.val() || ''), String(field.val() ?? ''));
    field.val(fitted.value);
    typeField.val(fitted.type);
    field.typedInput({
      types: widgetTypes(p),
      typeField: typeField,
      default: String(typeField.val() || paramDefault(p).type),
    });
    const input = field.next('.red-ui-typedInput-container').find('input.red-ui-typedInput-input');
    const showPlaceholder = (): void => {
      input.attr('placeholder', placeholderFor(p, String(field.typedInput('type'))));
    };
    field.on('change', showPlaceholder);
    showPlaceholder();
  }
}

export function secretParams(spec: OperationSpec): ParamSpec[] {
  return spec.params.filter((p) => p.secret);
}

/**
 * A secret parameter (cardPassword) shares its field id with its credential, so Node-RED's save
 * writes the typed value into both. Straight after the save, keep only the right one: the
 * credential when the type is `cred` (the property holds no password, only CREDENTIAL_SET when one
 * was entered, so that a copy of the node, which never carries credentials, shows as invalid),
 * the property otherwise (the stored credential is dropped).
 */
export function keepSecretsOutOfFlow(spec: OperationSpec): void {
  const secrets = secretParams(spec);
  if (!secrets.length) return;
  RED.events.on('editor:save', (node: NodeInstance) => {
    if (!node || node.type !== spec.type) return;
    for (const p of secrets) {
      if (node[`${p.name}Type`] === 'cred') {
        (node as Record<string, unknown>)[p.name] = hasCredential(node.credentials, p.name) ? CREDENTIAL_SET : '';
      } else if (node.credentials) {
        node.credentials[p.name] = '';
        node.credentials[`has_${p.name}`] = false;
      }
    }
  });
}
