// The ezviz-config dialog's rows (nodes/ezviz-config/editor.ts installs them): name, region (a
// select that is not a node property), custom URL, the secrets as password fields, test connection,
// the verification codes and the faceId -> name list, timeout and retries, picture hosts, with tips.
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
import type { InputOptions } from '../../editor/template';

const { REGIONS, input, row, tip } = EzvizOpenEditor;

export const FIELD = '#node-config-input-';

/** One row per field: [name, icon, input options]; labels are `ezviz-config.label.<name>`. */
const FIELDS: Array<[string, string, InputOptions]> = [
  ['accessToken', 'fa-key', { type: 'password', width: '70%', placeholder: 'ezviz-config.placeholder.accessToken' }],
  ['appKey', 'fa-id-card-o', { width: '70%', placeholder: 'ezviz-config.placeholder.appKey' }],
  ['appSecret', 'fa-lock', { type: 'password', width: '70%', placeholder: 'ezviz-config.placeholder.appSecret' }],
  ['timeout', 'fa-clock-o', { width: '100px', unit: 'ezviz-config.unit.ms' }],
  ['maxRetries', 'fa-repeat', { width: '100px', unit: 'ezviz-config.unit.times' }],
  ['retryDelay', 'fa-hourglass-half', { width: '100px', unit: 'ezviz-config.unit.ms' }],
  ['pictureHosts', 'fa-picture-o', { width: '70%', placeholder: 'ezviz-config.placeholder.pictureHosts' }],
];

function fieldRow([name, icon, options]: [string, string, InputOptions]): string {
  return row({
    id: FIELD.slice(1) + name,
    icon,
    label: `ezviz-config.label.${name}`,
    field: input(FIELD.slice(1) + name, options),
  });
}

/** The account's verification codes (docs/behaviour.md section 17): a credential of type password
 * in a multi-line field whose letters are masked; the editor only learns that it is set. */
function codesRow(): string {
  const id = `${FIELD.slice(1)}verificationCodes`;
  const field =
    `<textarea id="${id}" rows="3" autocomplete="off" spellcheck="false" ` +
    'style="width:70%;font-family:monospace;-webkit-text-security:disc;text-security:disc" ' +
    'data-i18n="[placeholder]ezviz-config.placeholder.verificationCodes"></textarea>';
  return (
    row({ id, icon: 'fa-key', label: 'ezviz-config.label.verificationCodes', field }) + tip('ezviz-config.tip.codes')
  );
}

/** The account's faceId -> name list (docs/behaviour.md section 27): a plain setting, one face per line. */
function facesRow(): string {
  const id = `${FIELD.slice(1)}faceNames`;
  const field =
    `<textarea id="${id}" rows="3" spellcheck="false" style="width:70%;font-family:monospace" ` +
    'data-i18n="[placeholder]ezviz-config.placeholder.faceNames"></textarea>';
  return (
    row({ id, icon: 'fa-user-circle', label: 'ezviz-config.label.faceNames', field }) + tip('ezviz-config.tip.faces')
  );
}

/** Test connection: a button and its answer (docs/behaviour.md section 10). */
function testRow(): string {
  return (
    '<div class="form-row" id="ezviz-config-test-row"><label>&nbsp;</label>' +
    '<button type="button" class="red-ui-button" id="ezviz-config-test"><i class="fa fa-plug"></i> ' +
    '<span data-i18n="editor.account.test"></span></button> ' +
    '<span id="ezviz-config-test-result" style="margin-left:6px"></span></div>'
  );
}

/** The dialog: name, region (a select that is not a node property), custom URL, secrets, tip, settings, tip. */
export function dialogHtml(): string {
  const regions = [...Object.keys(REGIONS), 'custom']
    .map((r) => `<option value="${r}" data-i18n="ezviz-config.region.${r}"></option>`)
    .join('');
  return [
    row({
      id: `${FIELD.slice(1)}name`,
      icon: 'fa-tag',
      label: 'node-red:common.label.name',
      field: input(`${FIELD.slice(1)}name`, { width: '70%', placeholder: 'node-red:common.label.name' }),
    }),
    row({
      id: 'ezviz-config-region',
      icon: 'fa-globe',
      label: 'ezviz-config.label.region',
      field: `<select id="ezviz-config-region" style="width:70%">${regions}</select>`,
    }),
    tip('ezviz-config.tip.region', 'ezviz-config-region-tip'),
    row({
      id: `${FIELD.slice(1)}baseUrl`,
      rowId: 'ezviz-config-baseUrl-row',
      icon: 'fa-link',
      label: 'ezviz-config.label.baseUrl',
      field: input(`${FIELD.slice(1)}baseUrl`, { width: '70%', placeholder: 'ezviz-config.placeholder.baseUrl' }),
    }),
    ...FIELDS.slice(0, 3).map(fieldRow),
    testRow(),
    tip('ezviz-config.tip.credentials'),
    codesRow(),
    facesRow(),
    ...FIELDS.slice(3, 6).map(fieldRow),
    tip('ezviz-config.tip.retries'),
    fieldRow(FIELDS[6]),
    tip('ezviz-config.tip.pictureHosts'),
  ].join('\n');
}
