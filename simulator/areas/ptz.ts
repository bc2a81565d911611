// PTZ and presets (docs/api/open-api.md sections 4.3-4.8): ptz/start, ptz/stop, mirror, preset
// add/move/clear over the pan/tilt model (ptz-model.ts, computed lazily from the clock).
//
// Which error wins when several conditions hold (the API notes do not say): the order of checks
// in `deviceOperation` and in each operation below, documented in simulator/README.md.

import type { Area, Handler } from '../area';
import { answer, fail, ok, reachableCamera, stop } from '../common';
import type { ApiResult, CallContext } from '../common';
import type { Route } from '../routes';
import type { Channel, Device, SimulatorState } from '../state';
import { directionSupported, limitCode, positionOf, settleCall, settlePosition } from './ptz-model';

interface Target {
  serial: string;
  dev: Device;
  channelNo: number;
  ch: Channel;
}

// --- PTZ and preset operations (docs/api/open-api.md sections 4.3-4.8) ---------------------------------------------

type DeviceOp = 'ptz-start' | 'ptz-stop' | 'ptz-mirror' | 'preset-add' | 'preset-move' | 'preset-clear';

function deviceOperation(
  state: SimulatorState,
  op: DeviceOp,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
): ApiResult {
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
    if ((op === 'ptz-start' || op === 'ptz-stop') && direction !== undefined && !directionSupported(dev, direction))
      stop('60020');
    // docs/behaviour.md sections 6 and 7: some Hikvision models refuse speed 0.
    if (op === 'ptz-start' && params.speed === 0 && dev.brand === 'Hikvision') stop('60020');
  }
  if (caps.encryption) stop('60001');
  if (dev.flags.ptzFails) stop('60006');
  const t: Target = { serial, dev, channelNo, ch };
  const { now } = ctx;
  settleCall(ch, now);
  switch (op) {
    case 'ptz-start':
      return ptzStart(state, t, direction!, params.speed as number, now);
    case 'ptz-stop':
      return ptzStop(state, t, now);
    case 'ptz-mirror':
      return mirror(t, params.command as number);
    case 'preset-add':
      return presetAdd(state, t, now);
    case 'preset-move':
      return presetCall(state, t, params.index as number, now);
    case 'preset-clear':
      return presetClear(t, params.index as number);
    default:
      return fail('49999');
  }
}

function ptzStart(state: SimulatorState, t: Target, direction: number, speed: number, now: number): ApiResult {
  const { dev, ch } = t;
  if (ch.presetCall) return fail('60009');
  // Stop-before-next-start (docs/api/open-api.md section 3): a start while a start is still running fails.
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

/** Presets the device can hold (at most 12, docs/api/open-api.md section 8). */
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
  // Clearing an empty slot succeeds (docs/api/open-api.md section 4.8 lists no error for it).
  delete ch.presets[String(index)];
  if (ch.atPreset === index) ch.atPreset = null;
  return ok();
}

/** Runs one PTZ or preset operation (the route's op). */
const ptzHandler: Handler = (state, route, f, ctx) =>
  answer(() => deviceOperation(state, route.op as DeviceOp, route, f, ctx));

export const ptzArea: Area = {
  handlers: {
    'ptz-start': ptzHandler,
    'ptz-stop': ptzHandler,
    'ptz-mirror': ptzHandler,
    'preset-add': ptzHandler,
    'preset-move': ptzHandler,
    'preset-clear': ptzHandler,
  },
};
