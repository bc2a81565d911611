// The behaviour of every API operation over the state model. Pure with respect to I/O: each
// handler takes the state, the request fields and the time, changes the state and returns the
// reply code (and data). The HTTP layer (server.ts) wraps it in the spec's envelope.
//
// Which error wins when several conditions hold (the spec does not say): the order of checks
// in `deviceOperation` and in each handler below, documented in simulator/README.md.

import { randomBytes } from 'crypto';
import type {
  Channel, ChannelStorage, Device, SimulatorState, StoragePeriod,
} from './state';
import { DAY_MS } from './state';
import {
  answer, authenticate, fail, lookupChannel, lookupDevice, ok, reachableCamera, stop,
} from './common';
import type { ApiResult, CallContext } from './common';
import { parseParams } from './routes';
import type { Params, Route } from './routes';

export type { ApiResult, CallContext } from './common';
export { SERIAL_RE } from './common';
export { DIRECTION_CODES } from './routes';

// --- tokens -----------------------------------------------------------------------------------

/** token/get (design.md s7). */
export function tokenGet(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    const { appKey, appSecret } = parseParams(route, f) as { appKey: string; appSecret: string };
    const app = Object.prototype.hasOwnProperty.call(state.appKeys, appKey) ? state.appKeys[appKey] : undefined;
    if (!app) return fail('10017');
    if (app.appSecret !== appSecret) return fail('10030');
    if (app.frozen) return fail('10005');
    // Forget tokens that expired more than a week ago, so frequent fetching cannot grow the
    // state without bound; old valid tokens stay valid (a new token does not invalidate them).
    for (const [t, rec] of Object.entries(state.tokens)) {
      if (rec.expireTime + 7 * DAY_MS < ctx.now) delete state.tokens[t];
    }
    const accessToken = `at.${randomBytes(16).toString('hex')}-${randomBytes(4).toString('hex')}`;
    const expireTime = ctx.now + state.settings.tokenLifetimeMs;
    state.tokens[accessToken] = { appKey, expireTime };
    const data: Record<string, unknown> = { accessToken, expireTime };
    if (app.areaDomain) data.areaDomain = app.areaDomain;
    return ok(data);
  });
}

// --- pan/tilt model (lazy, from the clock) ----------------------------------------------------

const VECTORS: Readonly<Record<number, [number, number, number]>> = {
  // [pan, tilt, zoom]
  0: [0, 1, 0], 1: [0, -1, 0], 2: [-1, 0, 0], 3: [1, 0, 0],
  4: [-1, 1, 0], 5: [-1, -1, 0], 6: [1, 1, 0], 7: [1, -1, 0],
  8: [0, 0, 1], 9: [0, 0, -1], 10: [0, 0, 0], 11: [0, 0, 0], 16: [0, 0, 0],
};

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

export interface Position {
  pan: number;
  tilt: number;
  zoom: number;
}

/** Finishes a preset call whose time is over: the camera now stands at the preset. */
function settleCall(ch: Channel, now: number): void {
  if (ch.presetCall && now >= ch.presetCall.until) {
    const p = ch.presets[String(ch.presetCall.index)];
    if (p) {
      ch.pan = p.pan;
      ch.tilt = p.tilt;
      ch.zoom = p.zoom;
    }
    ch.atPreset = ch.presetCall.index;
    ch.presetCall = null;
  }
}

/** The channel's position now (moving: from the start position, speed and elapsed time,
 * stopped at the limits). */
export function positionOf(state: SimulatorState, dev: Device, ch: Channel, now: number): Position {
  settleCall(ch, now);
  if (!ch.moving) return { pan: ch.pan, tilt: ch.tilt, zoom: ch.zoom };
  const [dp, dt, dz] = VECTORS[ch.moving.direction] ?? [0, 0, 0];
  const secs = Math.max(0, now - ch.moving.since) / 1000;
  const rate = state.settings.ptzDegPerSec[ch.moving.speed] ?? state.settings.ptzDegPerSec[1];
  const L = dev.limits;
  return {
    pan: clamp(ch.pan + dp * rate * secs, L.panMin, L.panMax),
    tilt: clamp(ch.tilt + dt * rate * secs, L.tiltMin, L.tiltMax),
    zoom: clamp(ch.zoom + dz * state.settings.zoomPerSec * secs, L.zoomMin, L.zoomMax),
  };
}

function settlePosition(state: SimulatorState, dev: Device, ch: Channel, now: number): void {
  const p = positionOf(state, dev, ch, now);
  ch.pan = p.pan;
  ch.tilt = p.tilt;
  ch.zoom = p.zoom;
  if (ch.moving) ch.moving.since = now;
}

/** The limit code a start in `direction` runs into at `pos`, if any (vertical checked first). */
function limitCode(dev: Device, pos: Position, direction: number): string | undefined {
  const [dp, dt] = VECTORS[direction] ?? [0, 0, 0];
  const L = dev.limits;
  if (dt > 0 && pos.tilt >= L.tiltMax) return '60002';
  if (dt < 0 && pos.tilt <= L.tiltMin) return '60003';
  if (dp < 0 && pos.pan <= L.panMin) return '60004';
  if (dp > 0 && pos.pan >= L.panMax) return '60005';
  return undefined;
}

/** Whether the device can move in `direction` (capacity flags ptz_45, ptz_zoom, ptz_focus). */
export function directionSupported(dev: Device, direction: number): boolean {
  const c = dev.capabilities;
  if (direction >= 4 && direction <= 7) return c.diagonal;
  if (direction === 8 || direction === 9) return c.zoom;
  if (direction === 10 || direction === 11) return c.focus;
  if (direction === 16) return c.auto;
  return true;
}

interface Target {
  serial: string;
  dev: Device;
  channelNo: number;
  ch: Channel;
}

// --- PTZ and preset operations (spec 4.3 .. 4.8) ---------------------------------------------

type DeviceOp = 'ptz-start' | 'ptz-stop' | 'ptz-mirror' | 'preset-add' | 'preset-move' | 'preset-clear';

function deviceOperation(state: SimulatorState, op: DeviceOp, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  const { params, serial, channelNo, dev, ch } = reachableCamera(state, route, f, ctx);
  const direction = params.direction as number | undefined;
  // Capabilities: what the device cannot do at all, then encryption.
  const caps = dev.capabilities;
  if (op === 'ptz-mirror') {
    if (!caps.mirror || !caps.mirrorModes.includes(params.command as number)) stop('60020');
  } else {
    if (!caps.ptz) stop('60000');
    if (op === 'preset-move' || op === 'preset-clear') {
      if (!caps.presets) stop('60020');
    }
    if ((op === 'ptz-start' || op === 'ptz-stop') && direction !== undefined &&
      !directionSupported(dev, direction)) stop('60020');
    // design.md s6/s7: some Hikvision models refuse speed 0.
    if (op === 'ptz-start' && params.speed === 0 && dev.brand === 'Hikvision') stop('60020');
  }
  if (caps.encryption) stop('60001');
  if (dev.flags.ptzFails) stop('60006');
  const t: Target = { serial, dev, channelNo, ch };
  const { now } = ctx;
  settleCall(ch, now);
  switch (op) {
    case 'ptz-start': return ptzStart(state, t, direction!, params.speed as number, now);
    case 'ptz-stop': return ptzStop(state, t, now);
    case 'ptz-mirror': return mirror(t, params.command as number);
    case 'preset-add': return presetAdd(state, t, now);
    case 'preset-move': return presetCall(state, t, params.index as number, now);
    case 'preset-clear': return presetClear(t, params.index as number);
    default: return fail('49999');
  }
}

function ptzStart(state: SimulatorState, t: Target, direction: number, speed: number, now: number): ApiResult {
  const { dev, ch } = t;
  if (ch.presetCall) return fail('60009');
  // Stop-before-next-start (spec s3): a start while a start is still running fails.
  if (ch.moving) return fail('60006');
  const pos = positionOf(state, dev, ch, now);
  const limit = limitCode(dev, pos, direction);
  if (limit) return fail(limit);
  ch.moving = { direction, speed, since: now };
  ch.atPreset = null;
  return ok();
}

function ptzStop(state: SimulatorState, t: Target, now: number): ApiResult {
  const { dev, ch } = t;
  if (ch.presetCall) return fail('60009');
  if (ch.moving) {
    settlePosition(state, dev, ch, now);
    ch.moving = null;
  }
  return ok();
}

function mirror(t: Target, command: number): ApiResult {
  const { ch } = t;
  if (ch.presetCall) return fail('60009');
  if (command === 0) ch.mirror.upDown = !ch.mirror.upDown;
  else if (command === 1) ch.mirror.leftRight = !ch.mirror.leftRight;
  else ch.mirror = { upDown: false, leftRight: false };
  return ok();
}

/** Presets the device can hold (at most 12, spec s8). */
const presetSlots = (dev: Device): number => (dev.capabilities.presets ? Math.min(12, Math.max(0, dev.maxPresets)) : 0);

function presetAdd(state: SimulatorState, t: Target, now: number): ApiResult {
  const { dev, ch } = t;
  const slots = presetSlots(dev);
  for (let i = 1; i <= slots; i += 1) {
    if (!ch.presets[String(i)]) {
      const pos = positionOf(state, dev, ch, now);
      ch.presets[String(i)] = { pan: pos.pan, tilt: pos.tilt, zoom: pos.zoom };
      return ok({ index: i });
    }
  }
  return fail(slots >= 12 ? '60008' : '60007');
}

function presetCall(state: SimulatorState, t: Target, index: number, now: number): ApiResult {
  const { ch } = t;
  if (ch.presetCall) return fail('60009');
  if (ch.moving) return fail('60006');
  if (!ch.presets[String(index)]) return fail('60011');
  if (ch.atPreset === index) return fail('60010');
  ch.atPreset = null;
  ch.presetCall = { index, until: now + state.settings.presetCallMs };
  return ok();
}

function presetClear(t: Target, index: number): ApiResult {
  const { ch } = t;
  if (ch.presetCall) return fail('60009');
  // Clearing an empty slot succeeds (the spec lists no error for it in 4.8).
  delete ch.presets[String(index)];
  if (ch.atPreset === index) ch.atPreset = null;
  return ok();
}

// --- cloud storage (spec 4.1, 4.2) ------------------------------------------------------------

interface StorageTarget {
  serial: string;
  dev: Device;
  channelNo: number;
  ch: Channel;
  userName?: string;
}

function storageTarget(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext):
{ t: StorageTarget; params: Params } {
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

/** Adds a card's service to a chain (spec s3): isImmediately 0 queues it after the service in
 * force; 1 renews a service of the same type (extends it) or overlaps one of another type (the
 * old one ends now, the new one starts now); queued periods follow the changed one. */
export function addService(periods: StoragePeriod[], type: string, totalDays: number, days: number,
  immediately: boolean, nowMs: number): void {
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
  // design.md s6/s7: device/info does not support NVRs (reply 60020, the text of 4.1's row).
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

// --- dispatch ---------------------------------------------------------------------------------

/** Runs one PTZ, preset or storage operation. Throws only on simulator bugs. */
export function runOperation(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext): ApiResult {
  return answer(() => {
    switch (route.op) {
      case 'storage-open': return storageOpen(state, route, f, ctx);
      case 'storage-info': return storageInfo(state, route, f, ctx);
      case 'ptz-start': case 'ptz-stop': case 'ptz-mirror':
      case 'preset-add': case 'preset-move': case 'preset-clear':
        return deviceOperation(state, route.op, route, f, ctx);
      default: throw new Error(`simulator: ${route.op} is not a PTZ or storage operation`);
    }
  });
}

/** A computed picture of every device (GET /sim/view): positions now, presets, storage status. */
export function viewState(state: SimulatorState, now: number): Record<string, unknown> {
  const devices: Record<string, unknown> = {};
  for (const [serial, dev] of Object.entries(state.devices)) {
    const channels: Record<string, unknown> = {};
    for (const [no, ch] of Object.entries(dev.channels)) {
      const pos = positionOf(state, dev, ch, now);
      const s = ch.storage;
      const v = viewOf(s.periods, dev.capabilities.cloudStorage, s.disabled, now);
      channels[no] = {
        pan: pos.pan, tilt: pos.tilt, zoom: pos.zoom,
        moving: ch.moving ? { direction: ch.moving.direction, speed: ch.moving.speed } : null,
        callingPreset: ch.presetCall ? ch.presetCall.index : null,
        atPreset: ch.atPreset,
        mirror: { ...ch.mirror },
        presets: Object.keys(ch.presets).map(Number).sort((a, b) => a - b),
        storage: { status: v.status, totalDays: v.totalDays, validDays: v.validDays, expireTime: v.expireTime },
      };
    }
    devices[serial] = {
      name: dev.name, model: dev.model, account: dev.account, online: dev.online,
      cardLockedUntil: dev.cardAttempts.lockedUntil > now ? dev.cardAttempts.lockedUntil : null,
      channels,
    };
  }
  return { now, devices };
}
