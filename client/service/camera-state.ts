// Camera state through a config node's service (docs/behaviour.md section 12): set one switch, read the
// device's state, from what a message asks validated once by the caller (the call path of
// ezviz-switch and ezviz-device, or the dashboard's door: STATE_NODES, params/validate.ts). Both send
// through the service's one call path (token, retries, the camera queue and its 2 s spacing of
// writes per device) and answer one result, never a rejection, with the payload built:
// `setSwitch(cfg.service, t, switchAsk(input.values), owner)`.

import type { Answered, CallRequest, CallResult, Fields, Owner } from '../requests/call-types';
import { badReplyResult } from '../requests/call-types';
import { deviceState } from '../replies/device-state';
import { EzvizError } from '../errors/errors';
import type { Translate } from '../errors/translate';
import type { CallSpec } from '../operations/operations';
import { STATE_CALLS, STATE_NODES } from '../operations/state-calls';
import { statesOf, SWITCHES, switchCall, type StateWord, type SwitchName } from '../operations/switches';
import { validationError, type ParsedInput } from '../params/validate';

/** What a switch set asks for: the values of STATE_NODES.switch, validated. */
export interface SwitchAsk {
  deviceSerial: string | number;
  channelNo?: string | number;
  switch: SwitchName;
  state: StateWord;
  verificationCode?: string | number;
}

/** What a device read asks for: the values of STATE_NODES.device, validated. */
export type DeviceAsk = { deviceSerial: string; channelNo: number };

/** The validated values of a switch set as its ask (the row's kinds make the words these types). */
export const switchAsk = (v: ParsedInput['values']): SwitchAsk => ({
  ...v,
  deviceSerial: v.deviceSerial,
  switch: v.switch as SwitchName,
  state: v.state as StateWord,
});

/** The validated values of a device read as its ask (channel 1 when none is given). */
export const deviceAsk = (v: ParsedInput['values']): DeviceAsk => ({
  deviceSerial: String(v.deviceSerial),
  channelNo: v.channelNo === undefined ? 1 : Number(v.channelNo),
});

/** msg.payload of a switch set. */
export interface SwitchPayload {
  switch: SwitchName;
  state: StateWord;
  /** false: the camera already was in that state (60021, 60022, 60016, 60019). */
  changed: boolean;
}

/** What these need of a config node's service (EzvizService). */
export interface CallService {
  call(req: CallRequest): Promise<CallResult>;
  /** Cameras' arming as last learnt (serial -> armed). */
  readonly armed?: Map<string, boolean>;
  /** The config node's timeout (ms): one deadline per request. */
  readonly timeout?: number;
  agentFor?(url: URL): import('http').Agent; // a stream's own GET: the config node's connections, proxy
}

/** Remembers a camera's arming (at most 10,000 cameras: the oldest is forgotten). */
function noteArmed(service: CallService, serial: string, armed: boolean | null): void {
  const m = service.armed;
  if (!m || armed === null) return;
  m.delete(serial);
  m.set(serial, armed);
  if (m.size > 10000) m.delete(m.keys().next().value as string);
}

const NOT_ANSWERED = ['20007', '60020'];

/** The fields of a set: serial, channel (per-channel switches, when given), the state's value. */
function setFields(name: SwitchName, values: SwitchAsk, value: number | undefined): Fields {
  const spec = SWITCHES[name];
  const fields: Fields = { deviceSerial: values.deviceSerial };
  if (spec.perChannel && values.channelNo !== undefined) fields.channelNo = values.channelNo;
  if (spec.field && value !== undefined) fields[spec.field] = value;
  return fields;
}

/** Sets one switch: one call (encryption off with the verification code), "already in that
 * state" a success with `changed: false`. */
export async function setSwitch(
  service: CallService,
  t: Translate,
  values: SwitchAsk,
  owner: Owner,
): Promise<CallResult> {
  const node = STATE_NODES.switch;
  const { switch: name, state } = values;
  const plan = switchCall(name, state);
  const asked = {
    deviceSerial: values.deviceSerial,
    ...(values.channelNo === undefined ? {} : { channelNo: values.channelNo }),
  };
  if (!plan) {
    const error = new EzvizError({
      code: '10001',
      operation: 'switch',
      source: 'validation',
      retriable: false,
      message: t('validation.stateForSwitch', { switch: name, value: state, states: statesOf(name).join(', ') }),
    });
    return { kind: 'error', error, fields: asked, durationMs: 0 };
  }
  const fields = setFields(name, values, plan.value);
  if (plan.spec.params.some((p) => p.kind === 'verificationCode')) {
    // encryption off asks for the code
    if (values.verificationCode === undefined) {
      return {
        kind: 'error',
        error: validationError(t, node, node.params[4], undefined, 'missing'),
        fields: asked,
        durationMs: 0,
      };
    }
    fields.validateCode = values.verificationCode;
  }
  const result = await service.call({ spec: plan.spec, fields, owner });
  const payload = (changed: boolean): SwitchPayload => ({ switch: name, state, changed });
  if (
    name === 'defence' &&
    (result.kind === 'ok' || (result.kind === 'error' && SWITCHES.defence.already.includes(result.error.code)))
  ) {
    noteArmed(service, String(values.deviceSerial), state !== 'off' && state !== 'sleep');
  }
  if (result.kind === 'ok') return { ...result, payload: payload(true) };
  if (result.kind === 'error' && result.error.source === 'api' && SWITCHES[name].already.includes(result.error.code)) {
    return {
      kind: 'ok',
      reply: { code: result.error.code, msg: '' },
      fields: result.fields,
      durationMs: result.durationMs,
      payload: payload(false),
    };
  }
  return asNode(result, 'switch');
}

/** A failure is named as the node and its validation errors name it, `switch` or `device` (not
 * the call made, `defence-set`, `device-info`...; a token failure keeps `token`). */
function asNode(result: CallResult, operation: 'switch' | 'device'): CallResult {
  if (result.kind !== 'error' || result.error.operation === 'token') return result;
  return { ...result, error: new EzvizError({ ...result.error.toJSON(), operation }) };
}

/** One read of a state call; null when the camera did not answer it (offline, unsupported). */
async function read(
  service: CallService,
  spec: CallSpec,
  fields: Fields,
  owner: Owner,
  optional: boolean,
): Promise<Answered | null | { kind: 'closed' }> {
  const result = await service.call({ spec, fields, owner });
  if (optional && result.kind === 'error' && result.error.source === 'api' && NOT_ANSWERED.includes(result.error.code))
    return null;
  return result;
}

/** Reads a camera's state: device/info, device/status/get and the lens-cover status at once,
 * merged into the payload of docs/behaviour.md section 12 (deviceState). */
export async function readDevice(
  service: CallService,
  t: Translate,
  ask: DeviceAsk,
  owner: Owner,
): Promise<CallResult> {
  const { deviceSerial: serial, channelNo } = ask;
  const one = { deviceSerial: serial, channelNo };
  const [info, status, lens] = await Promise.all([
    read(service, STATE_CALLS['device-info'], { deviceSerial: serial }, owner, false),
    read(service, STATE_CALLS['device-status'], { ...one, channel: channelNo }, owner, true),
    read(service, STATE_CALLS['privacy-status'], { ...one }, owner, true),
  ]);
  for (const r of [info, status, lens]) if (r && r.kind === 'closed') return r;
  for (const r of [info, status, lens]) if (r && r.kind === 'error') return asNode({ ...r, fields: one }, 'device');
  const ok = info as Extract<Answered, { kind: 'ok' }>;
  const dataOf = (r: typeof status) => (r && r.kind === 'ok' ? r.reply.data : null);
  try {
    const payload = deviceState({ info: ok.reply.data, status: dataOf(status), lens: dataOf(lens) }, serial, channelNo);
    noteArmed(service, serial, payload.armed);
    return { ...ok, fields: one, payload };
  } catch (e) {
    return badReplyResult(t, 'device', e, ok.durationMs, one);
  }
}
