// What an ezviz-stream node does with a request and with its relay's reports (docs/behaviour.md
// section 25): the door (HEAD, the key, 429, maxViewers, maxMinutesPerDay), a viewer handed to the
// relay, output 1 events, output 2 failures once each, the status (`2 viewers · 1.4 Mbit/s`,
// `idle`, `offline (20007)`), the stream minutes of today and maxMinutesPerDay.

import type { ServerResponse } from 'http';
import type { Node, NodeMessage } from 'node-red';
import { hooks } from '../../client/clock/clock';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { errorStatusText, statusKey, statusWithArgs } from '../../runtime/i18n/status-keys';
import type { RelayEvent, RelayReports, StreamFailure, StreamRelay } from '../../features/stream';
import type { KeyGate } from './stream-gate';
import { keyOf } from './stream-gate';
import type { Req } from './stream-routes';
import { minutesLeftMs, untilMidnightS, type DayMinutes } from './stream-minutes';
import type { StreamSettings } from './stream-settings';
import { answer, FLV_HEADERS, ViewerResponse } from './viewer-response';

export interface StreamParts {
  node: Node;
  t: Translate;
  settings: StreamSettings;
  gate: KeyGate;
  wired: boolean;
  canRefresh: () => boolean;
  /** The rate shown last: bytes read from the camera at a time. */
  rate: { at: number; bytes: number; mbit: number };
  budget?: MinuteBudget;
}

/** maxMinutesPerDay (docs/behaviour.md section 25): the minutes of today, checked at every status
 * tick and when a stream opens, with a timer for the moment they run out while the camera is open;
 * then the stream ends (its viewers' responses end, the close event says `minutes`), output 2 says
 * so once that day, the status shows it, and new viewers get `503` until midnight. */
export class MinuteBudget {
  private cancel?: () => void;
  private reportedDay = -1;

  constructor(
    private readonly p: StreamParts,
    readonly minutes: DayMinutes,
    private readonly relay: () => StreamRelay | undefined,
  ) {}

  /** ms of camera open today. */
  todayMs(): number {
    return this.minutes.todayMs(this.relay()?.stats().openMs ?? 0, hooks.now());
  }

  get usedUp(): boolean {
    return minutesLeftMs(this.p.settings.maxMinutesPerDay, this.todayMs()) === 0;
  }

  /** The failure a refused "open" or the cut reports. */
  failure(): EzvizError {
    const max = this.p.settings.maxMinutesPerDay;
    const message = this.p.t('errors.streamMinutes', { max });
    return new EzvizError({ code: 'MAX_MINUTES', message, operation: 'live', source: 'local', retriable: false });
  }

  check(): void {
    this.stop();
    const relay = this.relay();
    if (!relay) return;
    const s = relay.stats();
    const count = this.minutes.count(s.openMs, hooks.now());
    const left = minutesLeftMs(this.p.settings.maxMinutesPerDay, count.ms);
    if (left === Infinity) return;
    if (left > 0) {
      this.cancel = hooks.timer(() => this.check(), left);
      return;
    }
    if (!s.running && s.viewers === 0) return;
    relay.end('minutes');
    if (this.reportedDay !== count.day) reportFailure(this.p, this.failure());
    this.reportedDay = count.day;
    showStatus(this.p, relay);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}

function reportFailure(p: StreamParts, error: EzvizError): void {
  const request = { deviceSerial: p.settings.deviceSerial, channelNo: p.settings.channelNo };
  const msg = { payload: error.toJSON(), error: error.toJSON(), ezviz: { operation: 'live', request } };
  if (p.wired) p.node.send([null, msg as NodeMessage]);
  else p.node.error(error, msg);
}

/** The reports of a relay as the node's outputs and status. */
export function reportsOf(p: StreamParts, relay: () => StreamRelay | undefined): RelayReports {
  return {
    event: (e: RelayEvent) => {
      p.node.send([{ payload: { ...e }, topic: e.event } as NodeMessage, null]);
      if (e.event === 'open') p.budget?.check();
    },
    failure: (f: StreamFailure) => reportFailure(p, new EzvizError(f)),
    changed: () => showStatus(p, relay()),
  };
}

/** The status now: viewers and rate, idle, or the failure being retried. */
export function showStatus(p: StreamParts, relay: StreamRelay | undefined): void {
  if (!relay) return;
  const s = relay.stats();
  if (s.failing) {
    const text = errorStatusText(s.failing, 'live', p.canRefresh());
    return p.node.status({ fill: 'red', shape: 'ring', text });
  }
  if (!s.running && s.viewers === 0) {
    if (p.budget?.usedUp) {
      const text = statusWithArgs('streamMinutesUsed', { max: p.settings.maxMinutesPerDay });
      return p.node.status({ fill: 'yellow', shape: 'ring', text });
    }
    return p.node.status({ fill: 'grey', shape: 'ring', text: statusKey('streamIdle') });
  }
  const now = hooks.now();
  const r = p.rate;
  if (now - r.at >= 1000) {
    const mbit = r.at ? ((s.bytesIn - r.bytes) * 8) / ((now - r.at) * 1000) : 0;
    p.rate = { at: now, bytes: s.bytesIn, mbit: Math.max(0, mbit) };
  }
  const text = statusWithArgs('streamViewers', { n: s.viewers, rate: p.rate.mbit.toFixed(1) });
  p.node.status({ fill: s.running ? 'green' : 'blue', shape: 'dot', text });
}

/** One request on the node's path. */
export function handleRequest(p: StreamParts, relay: StreamRelay, req: Req, res: ServerResponse) {
  const address = req.socket.remoteAddress ?? '';
  const now = hooks.now();
  const blocked = p.gate.blockedFor(address, now);
  if (blocked > 0) {
    return answer(res, 429, `${p.t('errors.streamTooManyKeys')}\n`, {
      'Retry-After': String(Math.ceil(blocked / 1000)),
    });
  }
  if (!p.gate.check(address, keyOf(req.url, req.headers.authorization), now)) {
    return answer(res, 401, `${p.t('errors.streamKey')}\n`, { 'WWW-Authenticate': 'Basic realm="ezviz-stream"' });
  }
  if (req.method === 'HEAD') {
    res.writeHead(200, { ...FLV_HEADERS });
    return res.end();
  }
  admitViewer(p, relay, address, res, now);
}

/** A viewer whose key was checked (or a dashboard viewer, through the dashboard door): the node's
 * limits (maxViewers, maxMinutesPerDay), then the relay. */
export function admitViewer(
  p: StreamParts,
  relay: StreamRelay,
  address: string,
  res: ServerResponse,
  now = hooks.now(),
): void {
  const s = relay.stats();
  if (s.viewers >= p.settings.maxViewers) {
    return answer(res, 503, `${p.t('errors.streamFull', { max: p.settings.maxViewers })}\n`, { 'Retry-After': '30' });
  }
  if (p.budget?.usedUp) {
    const after = String(untilMidnightS(now));
    const text = p.t('errors.streamMinutes', { max: p.settings.maxMinutesPerDay });
    return answer(res, 503, `${text}\n`, { 'Retry-After': after });
  }
  const sink = new ViewerResponse(address, res, (f) => f.message);
  const viewer = relay.addViewer(sink);
  res.on('close', () => relay.removeViewer(viewer));
}
