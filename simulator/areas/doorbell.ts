// A doorbell rings (POST /sim/call, voice.ts lists it): a `ys.calling` message of the device's
// account to the message service's consumers and the webhook (mq.ts), with a cover picture the
// simulator serves (pictures.ts) when the bell rings.

import { randomBytes, randomUUID } from 'crypto';
import type { SimulatorState } from '../state';
import { pictureUrl } from './pictures';
import { publishMessage } from './mq';

const ACTIONS: Record<string, number> = { ring: 0, answered: 1, 'hung-up': 2, '0': 0, '1': 1, '2': 2 };

/** POST /sim/call {deviceSerial, channelNo?, action? (ring, answered, hung-up; default ring), picture?,
 * callingId? (the call's id; a new one by default)}. */
export function ring(state: SimulatorState, json: unknown, now: number, origin: string): Record<string, unknown> {
  const c = (json ?? {}) as Record<string, unknown>;
  const serial = String(c.deviceSerial ?? '');
  const dev = Object.prototype.hasOwnProperty.call(state.devices, serial) ? state.devices[serial] : undefined;
  if (!dev) throw new Error(`call: deviceSerial "${serial}" is not in devices`);
  if (!dev.capabilities.doorbell) throw new Error(`call: ${serial} is not a doorbell (capabilities.doorbell)`);
  const action = ACTIONS[String(c.action ?? 'ring')];
  if (action === undefined) throw new Error('call: action must be ring, answered or hung-up');
  const channelNo = c.channelNo === undefined ? 1 : Number(c.channelNo);
  if (!Object.prototype.hasOwnProperty.call(dev.channels, String(channelNo)))
    throw new Error(`call: no channel ${channelNo}`);
  let cover = '';
  if (c.picture !== false && action === 0) {
    const id = `call-${randomBytes(12).toString('hex')}`;
    state.pictures.set(id, {
      deviceSerial: serial,
      channelNo,
      time: now,
      expireTime: now + state.settings.pictureLifetimeMs,
    });
    cover = pictureUrl(origin, id);
  }
  const message = {
    header: { channelNo, deviceId: serial, messageId: randomUUID(), messageTime: now, type: 'ys.calling' },
    body: {
      action,
      callingId:
        typeof c.callingId === 'string' && c.callingId ? c.callingId.slice(0, 64) : randomBytes(8).toString('hex'),
      channelName: dev.channels[String(channelNo)].name,
      timestamp: Math.floor(now / 1000),
      ...(cover ? { coverUrl: { url: cover } } : {}),
    },
    pictureList: [],
  };
  publishMessage(state, dev.account, message);
  return { ok: true, message };
}
