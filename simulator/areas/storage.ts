// Cloud storage (docs/api/open-api.md sections 4.1 and 4.2): storage/open with a card (service chains, renew and overlap,
// card checks and the wrong-attempt lockout) and device/info.

import type { Area } from '../area';
import { answer, authenticate, fail, lookupChannel, lookupDevice, ok, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Params, Route } from '../routes';
import { DAY_MS } from '../state';
import type { Channel, ChannelStorage, Device, SimulatorState, StoragePeriod } from '../state';

interface StorageTarget {
  serial: string;
  dev: Device;
  channelNo: number;
  ch: Channel;
  userName?: string;
}

function storageTarget(
  state: SimulatorState,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
): { t: StorageTarget; params: Params } {
  const { app, params } = authenticate(state, route, f, ctx);
  const serial = params.deviceSerial as string;
  const phone = params.phone as string | undefined;
  const channelNo = (params.channelNo as number | undefined) ?? 1;
  const dev = lookupDevice(state, serial);
  let userName: string | undefined;
  if (phone !== undefined) {
    const user = Object.prototype.hasOwnProperty.call(state.users, phone) ? state.users[phone] : undefined;
    if (!user || user.account !== app.account) stop('10004');
    if (!user!.devices.includes(serial) || dev.account !== app.account) stop('20018');
    userName = user!.userName;
  } else if (dev.account !== app.account) {
    stop('20018');
  }
  const ch = lookupChannel(dev, channelNo);
  if (dev.flags.dataException) stop('49999');
  if (dev.flags.storageError) stop('60012');
  return { t: { serial, dev, channelNo, ch, userName }, params };
}

const secondsFloor = (ms: number): number => Math.floor(ms / 1000) * 1000;

function currentIndex(periods: StoragePeriod[], now: number): number {
  return periods.findIndex((p) => p.startTime <= now && now < p.expireTime);
}

/** Re-chains periods[from..] so that each starts when the previous one ends. */
function rechain(periods: StoragePeriod[], from: number, start: number): void {
  let s = start;
  for (let i = from; i < periods.length; i += 1) {
    const len = periods[i].expireTime - periods[i].startTime;
    periods[i].startTime = s;
    periods[i].expireTime = s + len;
    s = periods[i].expireTime;
  }
}

/** Adds a card's service to a chain (docs/api/open-api.md section 3): isImmediately 0 queues it after the service in
 * force; 1 renews a service of the same type (extends it) or overlaps one of another type (the
 * old one ends now, the new one starts now); queued periods follow the changed one. */
export function addService(
  periods: StoragePeriod[],
  type: string,
  totalDays: number,
  days: number,
  immediately: boolean,
  nowMs: number,
): void {
  const now = secondsFloor(nowMs);
  const len = days * DAY_MS;
  const cur = currentIndex(periods, now);
  const end = periods.reduce((m, p) => Math.max(m, p.expireTime), now);
  if (!immediately || cur < 0) {
    const start = Math.max(now, end);
    periods.push({ type, totalDays, startTime: start, expireTime: start + len });
  } else if (periods[cur].type === type) {
    periods[cur].expireTime += len;
    rechain(periods, cur + 1, periods[cur].expireTime);
  } else {
    periods[cur].expireTime = now;
    periods.splice(cur + 1, 0, { type, totalDays, startTime: now, expireTime: now + len });
    rechain(periods, cur + 2, now + len);
  }
  periods.sort((a, b) => a.startTime - b.startTime || a.expireTime - b.expireTime);
}

interface StorageView {
  status: number;
  totalDays: number;
  validDays: number;
  startTime: number;
  expireTime: number;
}

/** What device/info reports for one service chain. */
export function viewOf(periods: StoragePeriod[], supported: boolean, disabled: boolean, now: number): StorageView {
  const none = { totalDays: 0, validDays: 0, startTime: 0, expireTime: 0 };
  if (!supported) return { status: -2, ...none };
  const real = periods.filter((p) => p.expireTime > p.startTime);
  if (real.length === 0) return { status: disabled ? -1 : 0, ...none };
  const cur = currentIndex(real, now);
  const nextIdx = real.findIndex((p) => p.startTime > now);
  const idx = cur >= 0 ? cur : nextIdx >= 0 ? nextIdx : real.length - 1;
  const shown = real[idx];
  let chainEnd = shown.expireTime;
  for (let i = idx + 1; i < real.length && real[i].startTime <= chainEnd; i += 1) {
    chainEnd = Math.max(chainEnd, real[i].expireTime);
  }
  const status = disabled ? -1 : cur >= 0 ? 1 : nextIdx >= 0 ? 0 : 2;
  return {
    status,
    totalDays: shown.totalDays,
    validDays: status === 1 ? Math.ceil((chainEnd - now) / DAY_MS) : 0,
    startTime: shown.startTime,
    expireTime: chainEnd,
  };
}

function storageInfo(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  const { t } = storageTarget(state, route, f, ctx);
  // docs/behaviour.md sections 6 and 7: device/info does not support NVRs (reply 60020, the text of 4.1's row).
  if (t.dev.kind === 'nvr') return fail('60020');
  const s: ChannelStorage = t.ch.storage;
  const supported = t.dev.capabilities.cloudStorage;
  const data: Record<string, unknown> = {
    userName: s.userName,
    deviceSerial: t.serial,
    channelNo: t.channelNo,
    ...viewOf(s.periods, supported, s.disabled, ctx.now),
  };
  if (s.secondType !== undefined) {
    const v = viewOf(s.secondPeriods ?? [], supported, s.disabled, ctx.now);
    data.serviceDetail = {
      userName: s.userName,
      deviceSerial: t.serial,
      channelNo: t.channelNo,
      totalDays: v.totalDays,
      startTime: v.startTime,
      expireTime: v.expireTime,
      status: v.status,
    };
  }
  return ok(data);
}

function storageOpen(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  const { t, params } = storageTarget(state, route, f, ctx);
  const cardPassword = params.cardPassword as string;
  const immediately = params.isImmediately === 1;
  const { dev, now } = { dev: t.dev, now: ctx.now };
  if (!dev.capabilities.cloudStorage) return fail('60020');
  const att = dev.cardAttempts;
  if (att.lockedUntil > now) return fail('60030');
  if (att.lockedUntil !== 0) {
    att.lockedUntil = 0;
    att.failures = 0;
  }
  const card = Object.prototype.hasOwnProperty.call(state.cards, cardPassword) ? state.cards[cardPassword] : undefined;
  if (!card) {
    att.failures += 1;
    if (att.failures >= state.settings.cardAttemptLimit) att.lockedUntil = now + state.settings.cardLockoutMs;
    return fail('60031');
  }
  if (card.status !== 'valid') return fail('60032');
  if (!card.forSale && card.boundDevice !== t.serial) return fail('60033');
  if (card.failing) return fail('60035');
  const s = t.ch.storage;
  const second = s.secondType !== undefined && card.serviceType === s.secondType;
  if (second) {
    s.secondPeriods = s.secondPeriods ?? [];
    addService(s.secondPeriods, card.serviceType, card.totalDays, card.serviceDays, immediately, now);
  } else {
    addService(s.periods, card.serviceType, card.totalDays, card.serviceDays, immediately, now);
  }
  s.disabled = false;
  s.userName = t.userName ?? state.accounts[dev.account]?.userName ?? s.userName;
  card.status = 'used';
  card.usedBy = t.serial;
  att.failures = 0;
  return ok();
}

export const storageArea: Area = {
  handlers: {
    'storage-open': (state, route, f, ctx) => answer(() => storageOpen(state, route, f, ctx)),
    'storage-info': (state, route, f, ctx) => answer(() => storageInfo(state, route, f, ctx)),
  },
};
