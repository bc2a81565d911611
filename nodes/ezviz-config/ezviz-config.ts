// Runtime of the config node: settings, credentials, and the service (client, token, camera
// queues, guards, preset names) that every operation node using it shares.

import type { Node, NodeAPI, NodeDef } from 'node-red';
import { registerNode, type ConfigNodeLike, type TokenStateListener } from '../../runtime/call-path/lifecycle';
import type { Translate } from '../../client/errors/translate';
import { translator } from '../../runtime/i18n/i18n';
import { CONFIG_TYPE } from '../../client/operations/operations';
import { PresetStore } from '../../client/camera/presets';
import { handOver, takeOver, updateHandOver } from '../../client/service/handover';
import type { ConnectionSettings } from '../../client/requests/request-loop';
import { EzvizService } from '../../client/service/service';
import { DEFAULTS, intSetting, LIMITS } from '../../client/config/settings';
import { normaliseBase } from '../../client/config/settings';
import { statusKey } from '../../runtime/i18n/status-keys';
import type { TokenState } from '../../client/requests/token';
import { registerAdminRoutes } from './admin';
import { registerDeployed } from './admin-services';
import { unregisterDeployed } from './admin-deployed';
import { parseCodes } from '../../client/pictures/codes';
import { parseFaceNames } from '../../client/config/face-names';
import { parsePictureHosts } from '../../client/wire/picture-host';
import { hooks } from '../../client/clock/clock';

/** The config node's context key of its call counters (kept across restarts with a persistent
 * context store; a redeploy hands them over in memory: docs/behaviour.md section 23). */
const USAGE_KEY = 'ezvizUsage';

interface ConfigDef extends NodeDef {
  baseUrl?: string;
  timeout?: string | number;
  maxRetries?: string | number;
  retryDelay?: string | number;
  /** Internal hosts pictures may come from besides the base URL's (wire/picture-host.ts). */
  pictureHosts?: string;
}

interface Credentials {
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  verificationCodes?: string;
}

const TOKEN_STATUS: Partial<Record<TokenState, { fill: 'red' | 'green'; key: string }>> = {
  missing: { fill: 'red', key: 'noCredentials' },
  expired: { fill: 'red', key: 'tokenExpired' },
  failed: { fill: 'red', key: 'tokenFailed' },
  ok: { fill: 'green', key: 'tokenOk' },
};

/** The config node's settings, defaults where empty, and what is wrong with them (every call then
 * fails locally with it). */
function readSettings(
  def: ConfigDef,
  t: Translate,
): Omit<ConnectionSettings, 'accessToken' | 'appKey' | 'appSecret'> & { configError?: string } {
  // Empty means the default server; anything else must be a URL (text): a value of another type
  // (a hand-edited flow file) is an error, never a silent fall-back to the production host.
  const rawBase: unknown = def.baseUrl;
  const base =
    rawBase === undefined || rawBase === null || (typeof rawBase === 'string' && !rawBase.trim())
      ? normaliseBase(DEFAULTS.baseUrl)
      : normaliseBase(rawBase);
  const timeout = intSetting(def.timeout, DEFAULTS.timeout, LIMITS.timeout);
  const maxRetries = intSetting(def.maxRetries, DEFAULTS.maxRetries, LIMITS.maxRetries);
  const retryDelay = intSetting(def.retryDelay, DEFAULTS.retryDelay, LIMITS.retryDelay);
  let configError: string | undefined;
  if (!base) configError = t('errors.baseUrl');
  else if (timeout === undefined)
    configError = t('errors.setting', { name: 'timeout', min: LIMITS.timeout[0], max: LIMITS.timeout[1] });
  else if (maxRetries === undefined)
    configError = t('errors.setting', { name: 'maxRetries', min: LIMITS.maxRetries[0], max: LIMITS.maxRetries[1] });
  else if (retryDelay === undefined)
    configError = t('errors.setting', { name: 'retryDelay', min: LIMITS.retryDelay[0], max: LIMITS.retryDelay[1] });
  return {
    baseUrl: base ?? DEFAULTS.baseUrl,
    timeout: timeout ?? DEFAULTS.timeout,
    maxRetries: maxRetries ?? DEFAULTS.maxRetries,
    retryDelay: retryDelay ?? DEFAULTS.retryDelay,
    configError,
  };
}

/** The faces' names (a plain setting: a name is no secret); a malformed line is named by its number. */
function faceNamesOf(def: ConfigDef, node: Node, t: Translate): ReadonlyMap<string, string> {
  const faces = parseFaceNames((def as { faceNames?: unknown }).faceNames);
  if (faces.malformed.length) node.warn(t('errors.faceNamesMalformed', { lines: faces.malformed.join(', ') }));
  return faces.names;
}

/** The credentials as the service takes them: trimmed, empty ones left out. */
function trimmed(creds: Credentials): Credentials {
  const trim = (s: unknown) => (typeof s === 'string' && s.trim() ? s.trim() : undefined);
  return { accessToken: trim(creds.accessToken), appKey: trim(creds.appKey), appSecret: trim(creds.appSecret) };
}

/** The token's state on the config node's status and to every node using it. */
function tokenStateListener(node: ConfigNodeLike, users: Set<TokenStateListener>): (state: TokenState) => void {
  return (state) => {
    const s = TOKEN_STATUS[state];
    if (s) node.status({ fill: s.fill, shape: s.fill === 'red' ? 'ring' : 'dot', text: statusKey(s.key) });
    for (const u of users) u.tokenStateChanged(state);
  };
}

/** Closing: users and the editor's requests let go, presets discarded when removed, the state
 * handed over to a successor when not. */
function onClose(node: ConfigNodeLike, service: EzvizService, presets: PresetStore, users: Set<TokenStateListener>) {
  return (removed: boolean, done: () => void): void => {
    users.clear();
    unregisterDeployed(node.id, service);
    if (!removed) node.context().set(USAGE_KEY, service.loop.counters.carry(), () => undefined);
    if (removed) presets.discard();
    // Handed over at the start of close, so that it is never lost (docs/behaviour.md section 8); once the
    // close is over (pending timed stops sent), the state then replaces it.
    if (!removed) handOver(node.id, service.carry());
    const finish = () => {
      if (!removed) updateHandOver(node.id, service.carry());
      done();
    };
    service.close().then(finish, finish);
  };
}

export = function (RED: NodeAPI): void {
  const t = translator(RED);

  function EzvizConfigNode(this: ConfigNodeLike, def: ConfigDef): void {
    RED.nodes.createNode(this, def);
    const node = this;
    const allCreds = ((node as unknown as { credentials?: Credentials }).credentials ?? {}) as Credentials;
    const creds = trimmed(allCreds);
    // The account's verification codes: a malformed line is named by its number, never its content.
    const codes = parseCodes(allCreds.verificationCodes);
    if (codes.malformed.length) node.warn(t('errors.codesMalformed', { lines: codes.malformed.join(', ') }));

    const settings = readSettings(def, t);
    if (settings.configError) node.error(settings.configError);

    const presets = new PresetStore(node.context(), node.id);
    const users = new Set<TokenStateListener>();
    const service = new EzvizService({
      ...settings,
      ...creds,
      t,
      presets,
      codes: codes.book,
      pictureHosts: parsePictureHosts(def.pictureHosts),
      warn: (text) => node.warn(text),
      onTokenState: tokenStateListener(node, users),
      carried: takeOver(node.id),
    });
    node.service = service;
    node.faceNames = faceNamesOf(def, node, t);
    // A redeploy hands the counts over (handover.ts); a restart finds them in a persistent store.
    if (!service.countsInherited)
      node
        .context()
        .get(USAGE_KEY, (_err: unknown, carried: unknown) => service.loop.counters.adopt(carried, hooks.now()));
    if (!settings.configError && !service.tokens.hasCredentials) node.warn(t('errors.noCredentials'));
    // The editor's account requests with this node's values use this service (its token).
    if (!settings.configError) registerDeployed(node.id, { baseUrl: settings.baseUrl, ...creds }, service);

    node.addUser = (u) => users.add(u);
    node.removeUser = (u) => users.delete(u);
    node.on('close', onClose(node, service, presets, users));
  }

  registerAdminRoutes(RED, t);

  registerNode(RED, CONFIG_TYPE, EzvizConfigNode, {
    accessToken: { type: 'password' },
    appKey: { type: 'text' },
    appSecret: { type: 'password' },
    verificationCodes: { type: 'password' },
  });
};
