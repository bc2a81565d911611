// The editor's side of the account routes (nodes/ezviz-config/admin.ts): which values of a config
// node a request carries, the POST itself (a relative URL: Node-RED's editor adds its login and
// httpAdminRoot), and the translated text of any answer. Never shows or stores a secret: a
// password the editor does not hold in clear is sent as Node-RED's marker `__PWRD__` and the
// runtime takes the stored one.
import { STORED_SECRET } from './checks';
import { t, type NodeInstance } from './red';

/** The values of an account as the routes take them. */
export interface AccountBody {
  id: string;
  baseUrl: string;
  timeout?: string | number;
  accessToken: string;
  appKey: string;
  appSecret: string;
}

/** A failed answer (from the runtime, or a refused request), ready to be explained. */
export interface AccountFailure {
  ok: false;
  reason: string;
  code?: string;
  message?: string;
  status?: number;
}

export type AccountAnswer<T> = ({ ok: true } & T) | AccountFailure;

/** A value of a credential of a config node as the editor knows it: the typed text, the marker, or ''. */
function credentialValue(node: NodeInstance, name: 'accessToken' | 'appKey' | 'appSecret', secret: boolean): string {
  const creds = node.credentials;
  // Credentials the editor has not loaded (a deployed node whose dialog was not opened): the stored ones.
  if (!creds) return STORED_SECRET;
  const v = creds[name];
  if (typeof v === 'string' && v.trim() !== '' && v !== STORED_SECRET) return v.trim();
  if (secret) return creds[`has_${name}`] ? STORED_SECRET : '';
  return v === undefined ? STORED_SECRET : '';
}

/**
 * The body for the config node `configId` as the editor holds it (deployed or not), or the
 * catalog key of what is missing (`editor.account.missing.*`).
 */
export function accountOfConfig(configId: string): AccountBody | { missing: string } {
  const node = configId ? (RED.nodes.node(configId) as unknown as NodeInstance | null) : null;
  if (!node || node.type !== 'ezviz-config') return { missing: 'config' };
  if (!String(node.baseUrl || '').trim()) return { missing: 'baseUrl' };
  const body: AccountBody = {
    id: node.id,
    baseUrl: String(node.baseUrl),
    timeout: node.timeout as string | number | undefined,
    accessToken: credentialValue(node, 'accessToken', true),
    appKey: credentialValue(node, 'appKey', false),
    appSecret: credentialValue(node, 'appSecret', true),
  };
  if (!body.accessToken && !(body.appKey && body.appSecret)) return { missing: 'credentials' };
  return body;
}

/** Account of the config node chosen in the open dialog, or what is missing (a translated text). */
export function currentAccount(): AccountBody | string {
  const a = accountOfConfig(String($('#node-input-config').val() || ''));
  return 'missing' in a ? t(`editor.account.missing.${a.missing}`) : a;
}

/** POSTs `body` as JSON to `ezviz-open/<route>` (relative: under httpAdminRoot, with the editor's login). */
export function postAccount<T>(route: string, body: object): Promise<AccountAnswer<T>> {
  return new Promise((resolve) => {
    $.ajax({
      url: `ezviz-open/${route}`,
      type: 'POST',
      contentType: 'application/json',
      data: JSON.stringify(body),
      dataType: 'json',
      timeout: 150000,
    }).then(
      (reply: AccountAnswer<T>) =>
        resolve(reply && typeof reply === 'object' ? reply : { ok: false, reason: 'server', status: 200 }),
      (xhr: JQuery.jqXHR) => {
        const r = (xhr.responseJSON || {}) as { error?: string; message?: string };
        const status = xhr.status;
        if (status === 401 || status === 403) resolve({ ok: false, reason: 'permission', status });
        else if (status === 404 && r.error === 'unknownConfig') resolve({ ok: false, reason: 'unknownConfig', status });
        else if (status >= 400 && status < 500 && r.error)
          resolve({ ok: false, reason: 'request', status, message: String(r.message || r.error) });
        else resolve({ ok: false, reason: 'server', status, code: String(status) });
      },
    );
  });
}

/** The translated explanation of a failure (API texts and codes are shown as data, never translated). */
export function explainFailure(f: AccountFailure): string {
  const args = { code: String(f.code ?? ''), message: String(f.message ?? ''), status: String(f.status ?? '') };
  const key = `editor.account.reason.${f.reason}`;
  const text = t(key, args);
  // A reason this editor does not know (a newer runtime): the generic text with the code.
  return text.endsWith(key) ? t('editor.account.reason.api', args) : text;
}
