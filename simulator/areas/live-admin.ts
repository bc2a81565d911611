// The admin endpoints of live addresses and streams (live.ts lists them): the addresses handed
// out, the cameras showing the vendor's placeholder segments, the FLV stream cap.

import type { AdminCall } from '../area';
import { chinaDate } from '../common';
import { flvSessions, MAX_STREAM_CAP_S } from './flv-session';
import { liveState } from './stream';

/** POST /sim/live {deviceSerial, channelNo?, placeholder}: "9048" or "9053" make the camera's
 * streams carry the vendor's placeholder segments (ErrCode/<code>_0.ts), null ends it. */
export function setPlaceholder({ ctx, json }: AdminCall): unknown {
  const o = (json ?? {}) as Record<string, unknown>;
  const serial = typeof o.deviceSerial === 'string' ? o.deviceSerial : '';
  if (!Object.prototype.hasOwnProperty.call(ctx.state.devices, serial))
    throw new Error('live: deviceSerial must name a device');
  const channelNo = o.channelNo === undefined ? 1 : Number(o.channelNo);
  if (!Number.isInteger(channelNo) || channelNo < 1) throw new Error('live: channelNo must be a whole number from 1');
  const p = o.placeholder;
  if (p !== null && p !== '9048' && p !== '9053') throw new Error('live: placeholder must be "9048", "9053" or null');
  const camera = `${serial}/${channelNo}`;
  const holders = liveState(ctx.state).placeholders;
  if (p === null) holders.delete(camera);
  else holders.set(camera, p);
  return { ok: true, camera, placeholder: p };
}

/** GET /sim/live: the addresses handed out and not yet expired (without their signatures), and
 * the cameras showing placeholders. */
export function listAddresses({ ctx }: AdminCall): unknown {
  const live = liveState(ctx.state);
  const now = ctx.clock.now();
  return {
    addresses: [...live.addresses.values()]
      .filter((a) => a.expireAt > now)
      .map((a) => ({
        id: a.id,
        deviceSerial: a.deviceSerial,
        channelNo: a.channelNo,
        protocol: a.protocol,
        stream: a.stream,
        type: a.type,
        expireTime: Number.isFinite(a.expireAt) ? chinaDate(a.expireAt) : null,
      })),
    placeholders: Object.fromEntries(live.placeholders),
  };
}

/** GET /sim/stream: the FLV stream cap (s, 0 none) and the FLV sessions open now. */
export function showStream({ ctx }: AdminCall): unknown {
  return { cap: liveState(ctx.state).streamCap, open: flvSessions(ctx.state).size };
}

/** POST /sim/stream {cap}: FLV sessions that start afterwards end after `cap` seconds (0 or null:
 * never), as the real service ends each session after about a minute (`--stream-cap` too). */
export function setStream(call: AdminCall): unknown {
  const cap = ((call.json ?? {}) as Record<string, unknown>).cap;
  if (cap !== null && (typeof cap !== 'number' || !Number.isInteger(cap) || cap < 0 || cap > MAX_STREAM_CAP_S)) {
    throw new Error(`stream: cap must be a whole number of seconds from 0 to ${MAX_STREAM_CAP_S}, or null`);
  }
  liveState(call.ctx.state).streamCap = cap ?? 0;
  return showStream(call);
}
