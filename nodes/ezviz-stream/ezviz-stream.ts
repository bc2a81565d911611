// ezviz-stream: runtime (docs/behaviour.md section 25). One camera as an endless HTTP-FLV stream
// on Node-RED's own HTTP server: its path on RED.httpNode (stream-routes.ts), the door and the
// reports (stream-node.ts), one relay (features/stream/) whose cloud sessions come from the
// config node's shared flv live address. `msg.payload` "open" / "close" holds the camera open.
// Close: the path answers 404 again, the relay ends every response, no timer is left.

import type { ServerResponse } from 'http';
import type { Node, NodeAPI, NodeDef } from 'node-red';
import { hooks } from '../../client/clock/clock';
import { EzvizError } from '../../client/errors/errors';
import { configOf, errorWired, registerNode } from '../../runtime/call-path/lifecycle';
import type { Translate } from '../../client/errors/translate';
import { translator } from '../../runtime/i18n/i18n';
import { statusKey } from '../../runtime/i18n/status-keys';
import { lookUpCodes } from '../../client/pictures/codes';
import type { ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { httpConnect, registerStream, StreamRelay, type AddressAnswer, type StreamEntry } from '../../features/stream';
import { KeyGate } from './stream-gate';
import { DayMinutes } from './stream-minutes';
import { admitViewer, handleRequest, MinuteBudget, reportsOf, showStatus, type StreamParts } from './stream-node';
import { closeStreamPath, openStreamPath, type App, type StreamEndpoint } from './stream-routes';
import { streamSettings, type StreamSettings } from './stream-settings';

/** An address a day long: asked for once, shared, renewed ahead of expiry (service/live-addresses.ts). */
const ADDRESS_LIFETIME_S = 86400;
const STATUS_EVERY_MS = 5000;

type Creds = { key?: string; verificationCode?: string };

function addressOf(
  cfg: ConfigNodeLike,
  s: StreamSettings,
  code: unknown,
): (refresh: boolean) => Promise<AddressAnswer> {
  return async (refresh) => {
    const found = lookUpCodes({ node: code, book: cfg.service.codes, deviceSerial: s.deviceSerial });
    const ask = {
      deviceSerial: s.deviceSerial,
      channelNo: s.channelNo,
      protocol: 'flv',
      quality: s.quality,
      source: 'live',
      expire: ADDRESS_LIFETIME_S,
      ...(found.codes.length ? { verificationCode: found.codes[0] } : {}),
    };
    const r = await cfg.service.liveAddress(ask, refresh);
    return r.ok ? { ok: true, url: r.address.url } : { ok: false, error: r.error };
  };
}

type Send = (msgs: (Record<string, unknown> | null)[]) => void;

/** "open" holds the camera open, "close" lets it go; anything else is refused with 10001 (on
 * output 2 when it is wired, else to a Catch node), nothing opened; so is "open" once the day's
 * minutes are used up (MAX_MINUTES). */
function onInput(t: Translate, wired: boolean, relay: () => StreamRelay | undefined, budget: MinuteBudget) {
  return (msg: Record<string, unknown>, send: Send, done: (e?: Error) => void) => {
    const what = typeof msg.payload === 'string' ? msg.payload.trim().toLowerCase() : '';
    const used = what === 'open' && budget.usedUp;
    if (!used && (what === 'open' || what === 'close')) {
      relay()?.hold(what === 'open');
      return done();
    }
    const message = t('errors.streamInput');
    const error = used
      ? budget.failure()
      : new EzvizError({ code: '10001', message, operation: 'live', source: 'local', retriable: false });
    if (!wired) return done(error);
    send([null, { ...msg, payload: error.toJSON(), error: error.toJSON() }]);
    done();
  };
}

/** The node's parts, or undefined (with the status saying why) when it cannot serve. */
function partsOf(node: Node, t: Translate, def: NodeDef & Record<string, unknown>, cfg: ConfigNodeLike | null) {
  const parsed = streamSettings(def);
  const creds = ((node as unknown as { credentials?: Creds }).credentials ?? {}) as Creds;
  if (!cfg || !parsed.ok) {
    const text = statusKey(cfg ? `streamBad.${(parsed as { param: string }).param}` : 'noConfig');
    node.status({ fill: 'red', shape: 'ring', text });
    return undefined;
  }
  const p: StreamParts = {
    node,
    t,
    settings: parsed.settings,
    gate: new KeyGate(String(creds.key ?? '')),
    wired: errorWired(def),
    canRefresh: () => cfg.service.tokens.canRefresh,
    rate: { at: 0, bytes: 0, mbit: 0 },
  };
  return { p, cfg, code: creds.verificationCode };
}

/** The minutes of today in the config node's book (a redeployed node goes on from its count). */
function budgetOf(cfg: ConfigNodeLike, p: StreamParts, relay: () => StreamRelay | undefined): MinuteBudget {
  const { deviceSerial, channelNo } = p.settings;
  const read = (now: number) => {
    const s = relay()?.stats();
    return { count: p.budget!.minutes.count(s?.openMs ?? 0, now), viewers: s?.viewers ?? 0 };
  };
  const carried = cfg.service.streams.open({ id: p.node.id, deviceSerial, channelNo, read });
  return new MinuteBudget(p, new DayMinutes(hooks.now(), carried), relay);
}

/** What the dashboard's panels reach through the door: the camera and a viewer without the key (the
 * dashboard's own access holds them; docs/behaviour.md section 25). */
function entryOf(p: StreamParts, relay: () => StreamRelay | undefined): StreamEntry {
  const { deviceSerial, channelNo } = p.settings;
  const attach = (address: string, res: ServerResponse) => {
    const r = relay();
    if (r) admitViewer(p, r, address, res);
    else res.destroy();
  };
  return { id: p.node.id, deviceSerial, channelNo, attach };
}

function start(RED: NodeAPI, node: Node, t: Translate, def: NodeDef & Record<string, unknown>): () => void {
  const parts = partsOf(node, t, def, configOf(RED, def));
  if (!parts) return () => undefined;
  const { p, cfg } = parts;
  let relay: StreamRelay | undefined;
  const app: App | undefined = RED.httpNode;
  const ep: StreamEndpoint = {
    id: node.id,
    path: p.settings.path,
    handle: (req, res) => handleRequest(p, relay!, req, res),
  };
  const middleware = (RED.settings as unknown as { httpNodeMiddleware?: unknown }).httpNodeMiddleware;
  if (!app || !openStreamPath(app, ep, middleware)) {
    node.status({ fill: 'red', shape: 'ring', text: statusKey(app ? 'streamPathInUse' : 'streamNoHttp') });
    return () => undefined;
  }
  relay = new StreamRelay({
    connect: httpConnect({
      address: addressOf(cfg, p.settings, parts.code),
      agent: (u) => cfg.service.agentFor(u),
      t,
    }),
    reports: reportsOf(p, () => relay),
    limits: { idleCloseMs: p.settings.idleCloseS * 1000 },
    t,
  });
  const budget = (p.budget = budgetOf(cfg, p, () => relay));
  const unregister = registerStream(entryOf(p, () => relay));
  if (!p.gate.hasKey) node.status({ fill: 'red', shape: 'ring', text: statusKey('streamNoKey') });
  else showStatus(p, relay);
  budget.check();
  let cancel = hooks.timer(function tick() {
    budget.check();
    showStatus(p, relay);
    cancel = hooks.timer(tick, STATUS_EVERY_MS);
  }, STATUS_EVERY_MS);
  node.on(
    'input',
    onInput(t, p.wired, () => relay, budget),
  );
  return () => {
    cancel();
    budget.stop();
    unregister();
    closeStreamPath(app, ep);
    relay!.close();
    cfg.service.streams.close(node.id, budget.minutes.count(relay!.stats().openMs, hooks.now()));
    relay = undefined;
  };
}

export = function (RED: NodeAPI): void {
  const t = translator(RED);
  function EzvizStreamNode(this: Node, def: NodeDef & Record<string, unknown>): void {
    RED.nodes.createNode(this, def);
    const stop = start(RED, this, t, def);
    this.on('close', (_removed: boolean, done: () => void) => {
      stop();
      done();
    });
  }
  registerNode(RED, 'ezviz-stream', EzvizStreamNode, {
    key: { type: 'password' },
    verificationCode: { type: 'password' },
  });
};
