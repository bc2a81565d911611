// What an ezviz-stream node does with a request and with its relay's reports (docs/behaviour.md
// section 25): the door (HEAD, the key, 429, maxViewers, maxMinutesPerDay), a viewer handed to the
// relay, output 1 events, output 2 failures once each, the status (`2 viewers · 1.4 Mbit/s`,
// `idle`, `offline (20007)`), the stream minutes of today.

import type { ServerResponse } from 'http';
import type { Node, NodeMessage } from 'node-red';
import { hooks } from '../shared/clock/clock';
import { EzvizError } from '../shared/errors/errors';
import type { Translate } from '../shared/i18n/i18n';
import { errorStatusText, statusKey, statusWithArgs } from '../shared/i18n/status-keys';
import { startOfDay } from '../shared/requests/counters';
import type { RelayEvent, RelayReports, StreamFailure, StreamRelay } from '../shared/stream';
import type { KeyGate } from './stream-gate';
import { keyOf } from './stream-gate';
import type { Req } from './stream-routes';
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
}

/** Minutes of today: the relay's open time since local midnight. */
export class DayMinutes {
  private day = -1;
  private atDayStart = 0;

  today(openMs: number): number {
    const now = hooks.now();
    const day = startOfDay(now);
    if (day !== this.day) {
      this.day = day;
      this.atDayStart = openMs;
    }
    return (openMs - this.atDayStart) / 60000;
  }

  /** Seconds until the next local midnight. */
  static untilMidnight(): number {
    const now = hooks.now();
    return Math.max(1, Math.ceil((startOfDay(now) + 86400000 - now) / 1000));
  }
}

/** The reports of a relay as the node's outputs and status. */
export function reportsOf(p: StreamParts, relay: () => StreamRelay | undefined): RelayReports {
  const request = { deviceSerial: p.settings.deviceSerial, channelNo: p.settings.channelNo };
  return {
    event: (e: RelayEvent) => p.node.send([{ payload: { ...e }, topic: e.event } as NodeMessage, null]),
    failure: (f: StreamFailure) => {
      const error = new EzvizError(f);
      const msg = { payload: error.toJSON(), error: error.toJSON(), ezviz: { operation: 'live', request } };
      if (p.wired) p.node.send([null, msg as NodeMessage]);
      else p.node.error(error, msg);
    },
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
  if (!s.running && s.viewers === 0)
    return p.node.status({ fill: 'grey', shape: 'ring', text: statusKey('streamIdle') });
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
export function handleRequest(p: StreamParts, relay: StreamRelay, minutes: DayMinutes, req: Req, res: ServerResponse) {
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
  const s = relay.stats();
  if (s.viewers >= p.settings.maxViewers) {
    return answer(res, 503, `${p.t('errors.streamFull', { max: p.settings.maxViewers })}\n`, { 'Retry-After': '30' });
  }
  const max = p.settings.maxMinutesPerDay;
  if (max > 0 && minutes.today(s.openMs) >= max) {
    const after = String(DayMinutes.untilMidnight());
    return answer(res, 503, `${p.t('errors.streamMinutes', { max })}\n`, { 'Retry-After': after });
  }
  const sink = new ViewerResponse(address, res, (f) => f.message);
  const viewer = relay.addViewer(sink);
  res.on('close', () => relay.removeViewer(viewer));
}
