// Edit dialog of the ezviz-config node: region (China, International, custom URL), secrets
// as password fields (the editor only learns that they are set), timeout and retries.
import type { CredentialState, Region } from '../../editor/config-node';
import type { NodeInstance, Validator } from '../../editor/red';
import type { InputOptions } from '../../editor/template';

// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
const {
  CONFIG_TYPE,
  DEFAULTS,
  credentialProblem,
  explain,
  hostOf,
  REGIONS,
  regionOf,
  validators,
  t,
  validator,
  input,
  installTemplate,
  row,
  tip,
  explainFailure,
  parseFaceNames,
  postAccount,
} = EzvizOpenEditor;

const FIELD = '#node-config-input-';

/** Whether each credential is set: the open dialog's fields, else what the editor knows. */
function credentialState(node: NodeInstance): CredentialState {
  const creds = (node && node.credentials) || {};
  const read = (name: keyof CredentialState, secret: boolean): boolean => {
    const field = $(FIELD + name);
    if (field.length) return String(field.val() || '').trim() !== '';
    return secret ? Boolean(creds[`has_${name}`]) : String(creds[name] || '').trim() !== '';
  };
  return { accessToken: read('accessToken', true), appKey: read('appKey', false), appSecret: read('appSecret', true) };
}

const credentialValidator = (field: keyof CredentialState): Validator =>
  validator(function () {
    return explain(credentialProblem(field, credentialState(this)));
  });

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

/** Runs "test connection" on the values in the dialog (a password left unchanged: the stored one). */
function testConnection(node: NodeInstance): void {
  const value = (name: string): string => String($(FIELD + name).val() ?? '').trim();
  const result = $('#ezviz-config-test-result');
  const show = (ok: boolean | null, text: string): void => {
    result
      .empty()
      .attr('data-state', ok === null ? 'busy' : ok ? 'ok' : 'failed')
      .append(
        $('<i>')
          .addClass(`fa ${ok === null ? 'fa-spinner fa-spin' : ok ? 'fa-check' : 'fa-exclamation-triangle'}`)
          .css('color', ok === null ? '' : ok ? '#3a7d29' : '#b2420f'),
      )
      .append(' ', $('<span class="ezviz-config-test-text">').text(text));
  };
  const body = {
    id: node.id,
    baseUrl: value('baseUrl'),
    timeout: value('timeout'),
    accessToken: value('accessToken'),
    appKey: value('appKey'),
    appSecret: value('appSecret'),
    refresh: true,
  };
  if (!body.baseUrl) {
    show(false, t('editor.account.missing.baseUrl'));
    return;
  }
  if (!body.accessToken && !(body.appKey && body.appSecret)) {
    show(false, t('editor.account.reason.noCredentials'));
    return;
  }
  show(null, t('editor.account.testing'));
  const button = $('#ezviz-config-test').prop('disabled', true);
  void postAccount<{ devices: number }>('test', body).then((answer) => {
    button.prop('disabled', false);
    if (answer.ok) show(true, t('editor.account.connected', { count: answer.devices }));
    else show(false, explainFailure(answer));
  });
}

/** The dialog: name, region (a select that is not a node property), custom URL, secrets, tip, settings, tip. */
function dialogHtml(): string {
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

installTemplate(CONFIG_TYPE, dialogHtml());

function showRegion(region: Region): void {
  $('#ezviz-config-baseUrl-row').toggle(region === 'custom');
}

// A literal call, so that the flow library can read the node (why: setUpOperationNode in
// editor/operation-node.ts).
RED.nodes.registerType('ezviz-config', {
  category: 'config',
  defaults: {
    name: { value: '' },
    baseUrl: { value: DEFAULTS.baseUrl, validate: validators.baseUrl },
    timeout: { value: DEFAULTS.timeout, validate: validators.timeout },
    maxRetries: { value: DEFAULTS.maxRetries, validate: validators.maxRetries },
    retryDelay: { value: DEFAULTS.retryDelay, validate: validators.retryDelay },
    faceNames: {
      value: '',
      validate: validator((v) => {
        const bad = parseFaceNames(v).malformed;
        return bad.length ? t('errors.faceNamesMalformed', { lines: bad.join(', ') }) : true;
      }),
    },
    pictureHosts: { value: '' },
  },
  credentials: {
    accessToken: { type: 'password', validate: credentialValidator('accessToken') },
    appKey: { type: 'text', validate: credentialValidator('appKey') },
    appSecret: { type: 'password', validate: credentialValidator('appSecret') },
    verificationCodes: { type: 'password' },
  },
  paletteLabel: () => t('ezviz-config.paletteLabel'),
  label(this: NodeInstance) {
    return (this.name as string) || hostOf(String(this.baseUrl || '')) || t('ezviz-config.paletteLabel');
  },
  oneditprepare(this: NodeInstance) {
    const baseUrl = $(`${FIELD}baseUrl`);
    const region = $('#ezviz-config-region');
    const current = regionOf(String(baseUrl.val() || ''));
    region.val(current);
    showRegion(current);
    region.on('change', () => {
      const chosen = String(region.val()) as Region;
      if (chosen !== 'custom') baseUrl.val(REGIONS[chosen]).trigger('change');
      else if (regionOf(String(baseUrl.val() || '')) !== 'custom') baseUrl.val('').trigger('change');
      showRegion(chosen);
      if (chosen === 'custom') baseUrl.trigger('focus');
    });
    const node = this;
    $('#ezviz-config-test').on('click', (e) => {
      e.preventDefault();
      testConnection(node);
    });
  },
});
