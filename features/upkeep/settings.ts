// ezviz-setting through a config node's service (docs/behaviour.md section 20): read one setting, or write
// it. A write checks the value first (out of range: 10001, nothing sent), reads the setting and
// writes only when it differs (`changed: false` otherwise, nothing written); the write is
// idempotent, so retried, and goes through the camera queue 2 s apart per device with the
// switches' writes. A setting the model or region lacks (60020, a 404, the platform's "404") is an
// api error whose hint names the capability and the region that offers it. One result, never a
// rejection: `runSetting(cfg.service, t, settingAsk(input.values), owner)`, the values validated
// once by the call path (UPKEEP_NODES.setting), the value read once into the write it plans.

import type { Answered, CallResult, Fields, Owner } from '../../client/requests/call-types';
import { badReplyResult } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { settingFromData } from '../../client/replies/upkeep';
import {
  planWrite,
  sameSetting,
  sensitivityLevel,
  type Planned,
  type Refused,
  type SettingValue,
} from '../../client/operations/setting-values';
import { SETTINGS, UPKEEP_CALLS, UPKEEP_NODES, type SettingName } from '../../client/operations/settings';
import { describeValue } from '../../client/params/parse';
import type { ParsedInput } from '../../client/params/validate';

/** What a read or write asks for: the values of UPKEEP_NODES.setting, validated; `value` as given
 * (shown in a refusal) and the write it plans (none: a read). */
export interface SettingAsk {
  deviceSerial: string | number;
  channelNo?: string | number;
  setting: SettingName;
  value?: string | number;
  plan?: Planned | Refused;
}

/** The validated values of a setting message as its ask. */
export const settingAsk = (v: ParsedInput['values']): SettingAsk => ({
  deviceSerial: v.deviceSerial,
  ...(v.channelNo === undefined ? {} : { channelNo: v.channelNo }),
  setting: v.setting as SettingName,
  ...(v.value === undefined ? {} : { value: v.value, plan: planWrite(v.setting as SettingName, v.value) }),
});

/** msg.payload of ezviz-setting: `changed` on a write only; `level` (low/medium/high) beside a
 * sensitivity. */
export interface SettingPayload {
  setting: SettingName;
  value: SettingValue;
  level?: 'low' | 'medium' | 'high';
  changed?: boolean;
}

/** Codes meaning "this model or region has no such call". */
const NOT_OFFERED = ['60020', '404', 'HTTP_404'];

/** The error of a refusal, with the hint of what lacks it where that is the cause: beside the
 * API's own words (`hint`), never in their place. */
function refusal(t: Translate, name: SettingName, error: EzvizError): EzvizError {
  if (!NOT_OFFERED.includes(error.code) || (error.source !== 'api' && error.source !== 'http')) return error;
  const spec = SETTINGS[name];
  return new EzvizError({
    code: error.code,
    source: 'api',
    operation: 'setting',
    retriable: false,
    message: error.message,
    hint: t('errors.settingNotOffered', {
      setting: name,
      code: error.code,
      capability: spec.capacity,
      region: t(`regions.${spec.region}`),
    }),
  });
}

function payloadOf(name: SettingName, value: SettingValue, changed?: boolean): SettingPayload {
  return {
    setting: name,
    value,
    ...(typeof value === 'number' && name === 'sensitivity' ? { level: sensitivityLevel(value) } : {}),
    ...(changed === undefined ? {} : { changed }),
  };
}

type Read =
  { kind: 'value'; value: SettingValue; result: Extract<Answered, { kind: 'ok' }> } | Answered | { kind: 'closed' };

/** One read of setting `name`: its value, or the result that ended it. */
async function read(service: CallService, t: Translate, name: SettingName, base: Fields, owner: Owner): Promise<Read> {
  const spec = UPKEEP_CALLS[SETTINGS[name].get];
  // sensitivity's get takes the serial only and answers every channel
  const fields = name === 'sensitivity' ? { deviceSerial: base.deviceSerial } : base;
  const result = await service.call({ spec, fields, owner });
  if (result.kind === 'closed') return result;
  if (result.kind === 'error') return { ...result, error: refusal(t, name, result.error), fields: base };
  try {
    const channel = base.channelNo === undefined ? undefined : Number(base.channelNo);
    return { kind: 'value', value: settingFromData(name, result.reply.data, channel), result };
  } catch (e) {
    return badReplyResult(t, 'setting', e, result.durationMs, base);
  }
}

/** Reads or writes one setting (an empty value reads). */
export async function runSetting(
  service: CallService,
  t: Translate,
  values: SettingAsk,
  owner: Owner,
): Promise<CallResult> {
  const node = UPKEEP_NODES.setting;
  const { setting: name, value: raw, plan } = values;
  const base: Fields = {
    deviceSerial: values.deviceSerial,
    ...(values.channelNo === undefined ? {} : { channelNo: values.channelNo }),
  };
  if (plan && 'reason' in plan) {
    const error = new EzvizError({
      code: '10001',
      operation: 'setting',
      source: 'validation',
      retriable: false,
      message: t(`validation.settingRule.${plan.reason}`, { setting: name, value: describeValue(node.params[3], raw) }),
    });
    return { kind: 'error', error, fields: base, durationMs: 0 };
  }
  const current = await read(service, t, name, base, owner);
  if (current.kind !== 'value') return current;
  if (!plan) return { ...current.result, fields: base, payload: payloadOf(name, current.value) };
  if (sameSetting(current.value, plan.value))
    return { ...current.result, fields: base, payload: payloadOf(name, plan.value, false) };
  const setting = SETTINGS[name];
  const fields: Fields = { ...base, ...plan.fields };
  const result = await service.call({ spec: UPKEEP_CALLS[setting.set], fields, owner });
  if (result.kind === 'ok') return { ...result, payload: payloadOf(name, plan.value, true) };
  if (result.kind === 'error' && result.error.source === 'api' && setting.already.includes(result.error.code)) {
    return {
      kind: 'ok',
      reply: { code: result.error.code, msg: '' },
      fields: result.fields,
      durationMs: result.durationMs,
      payload: payloadOf(name, plan.value, false),
    };
  }
  return result.kind === 'error' ? { ...result, error: refusal(t, name, result.error) } : result;
}
