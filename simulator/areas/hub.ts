// The alarm hub's detectors and a camera's siren (docs/api/hub-api.md sections 1 and 2) over the
// device record's `hub` and `siren` state (state/hub.ts). The detector calls answer 60020 for a
// device that is not a hub (`camera.hub`), an arm already so 60022, an unknown detector 10001 (the
// notes give no code: ours); the list comes in the hub's `listShape`. Active defence and audition
// answer 60020 for a camera without active defence. POST /sim/hub changes a hub (list shape,
// alarm); the siren's starts, stops and tones are in GET /sim/state (`siren.log`, `siren.tones`).

import type { Area, Handler } from '../area';
import { answer, answering, authenticate, ok, ownDevice, stop } from '../common';
import type { CallContext } from '../common';
import type { Params, Route } from '../routes';
import type { Device, SimulatorState } from '../state';
import type { HubDetector } from '../state/hub';

/** The device a call addresses: token, parameters, serial, account, then online and the flags. */
function reachable(
  state: SimulatorState,
  route: Route,
  f: URLSearchParams,
  ctx: CallContext,
): { params: Params; dev: Device } {
  const { app, params } = authenticate(state, route, f, ctx);
  const dev = ownDevice(state, app, params.deviceSerial as string);
  answering(dev);
  return { params, dev };
}

/** A hub and, when the call names one, its detector. */
function hubCall(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext) {
  const { params, dev } = reachable(state, route, f, ctx);
  if (!dev.camera.hub) stop('60020');
  const serial = params.detectorSerial as string | undefined;
  const found = serial === undefined ? undefined : dev.hub.detectors.find((d) => d.detectorSerial === serial);
  if (serial !== undefined && !found) stop('10001');
  return { params, dev, detector: found as HubDetector };
}

const MODE_FIELDS = ['atHomeEnable', 'outerEnable', 'sleepEnable'] as const;

const detectorList: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = hubCall(state, route, f, ctx);
    return { ...ok(dev.hub.detectors.map((d) => ({ ...d }))), shape: dev.hub.listShape };
  });

const detectorStatusSet: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, detector } = hubCall(state, route, f, ctx);
    const field = MODE_FIELDS[params.safeMode as number];
    if (detector[field] === params.enable) stop('60022');
    detector[field] = params.enable as number;
    return ok();
  });

const cancelAlarm: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { dev } = hubCall(state, route, f, ctx);
    dev.hub.alarm = false;
    return ok();
  });

/** A new name: fewer than 50 characters, no "special characters" (ours: letters, digits, blanks, - _ . ( )). */
const nameChange: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, detector } = hubCall(state, route, f, ctx);
    const name = String(params.newName);
    if ([...name].length >= 50 || !/^[\p{L}\p{N} ._()-]+$/u.test(name)) stop('10001');
    detector.location = name;
    return ok();
  });

/** A camera with active defence (60020 without). */
function sirenCall(state: SimulatorState, route: Route, f: URLSearchParams, ctx: CallContext) {
  const { params, dev } = reachable(state, route, f, ctx);
  if (!dev.siren.supported) stop('60020');
  return { params, dev };
}

const defence: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = sirenCall(state, route, f, ctx);
    const start = params.status === 2;
    dev.siren.since = start ? (dev.siren.since ?? ctx.now) : null;
    dev.siren.log.push({ action: start ? 'start' : 'stop', at: ctx.now });
    if (dev.siren.log.length > 1000) dev.siren.log.shift();
    return ok();
  });

const audition: Handler = (state, route, f, ctx) =>
  answer(() => {
    const { params, dev } = sirenCall(state, route, f, ctx);
    dev.siren.tones.push({
      voiceIndex: params.voiceIndex as number,
      volume: (params.volume as number) ?? 1,
      at: ctx.now,
    });
    if (dev.siren.tones.length > 1000) dev.siren.tones.shift();
    return ok();
  });

/** POST /sim/hub {deviceSerial, listShape?, alarm?}: a hub's list shape or alarm changed. */
function changeHub(state: SimulatorState, json: unknown): unknown {
  const b = (json ?? {}) as { deviceSerial?: unknown; listShape?: unknown; alarm?: unknown };
  const dev = typeof b.deviceSerial === 'string' ? state.devices[b.deviceSerial] : undefined;
  if (!dev || !dev.camera.hub) throw new Error('deviceSerial must name a hub');
  if (b.listShape !== undefined) {
    if (b.listShape !== 'result' && b.listShape !== 'data') throw new Error('listShape must be "result" or "data"');
    dev.hub.listShape = b.listShape;
  }
  if (b.alarm !== undefined) {
    if (typeof b.alarm !== 'boolean') throw new Error('alarm must be true or false');
    dev.hub.alarm = b.alarm;
  }
  return dev.hub;
}

export const hubArea: Area = {
  handlers: {
    'detector-list': detectorList,
    'detector-status-set': detectorStatusSet,
    'detector-cancel-alarm': cancelAlarm,
    'detector-name-change': nameChange,
    'device-defence': defence,
    'device-audition': audition,
  },
  admin: { '/sim/hub': { POST: ({ json, ctx }) => changeHub(ctx.state, json) } },
  adminIndex: ['POST /sim/hub {deviceSerial, listShape?: "result"|"data", alarm?} (until /sim/reset)'],
};
