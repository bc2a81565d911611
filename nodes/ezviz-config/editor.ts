// Edit dialog of the ezviz-config node: region (China, International, custom URL), secrets
// as password fields (the editor only learns that they are set), timeout and retries; its rows:
// editor-dialog.ts.
import type { CredentialState, Region } from '../../editor/config-node';
import type { NodeInstance, Validator } from '../../editor/red';
import { dialogHtml, FIELD } from './editor-dialog';

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
  installTemplate,
  explainFailure,
  parseFaceNames,
  postAccount,
} = EzvizOpenEditor;

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
