// ezviz-hub and ezviz-siren through a config node's service (docs/behaviour.md section 24): one call
// per message, chosen by the validated action (call-path validation ran once: nothing is checked
// again here). The hub's list becomes the detectors (replies/hub.ts); an arm already so (60022)
// is a success with `changed: false`; a failure is named after the node. The siren's start and
// tone are never sent twice (not idempotent: operations/siren.ts); its stop waits behind nothing
// queued for the camera. One result, never a rejection.

import type { Answered, CallResult, Fields, Owner } from '../../client/requests/call-types';
import { badReplyResult } from '../../client/requests/call-types';
import type { CallService } from '../../client/service/camera-state';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import type { CallSpec } from '../../client/operations/operations';
import type { ParsedInput } from '../../client/params/validate';
import { detectorsOf, type Detector } from '../../client/replies/hub';
import {
  HUB_ALREADY,
  HUB_CALLS,
  hubActionOf,
  hubModeName,
  type HubAction,
  type HubMode,
} from '../../client/operations/hub';
import {
  DEFENCE_STATUS,
  SIREN_CALLS,
  sirenActionOf,
  toneName,
  TONES,
  type SirenAction,
  type ToneName,
} from '../../client/operations/siren';

/** msg.payload of ezviz-hub. */
export type HubPayload =
  | { action: 'list'; hub: string; detectors: Detector[] }
  | { action: 'arm'; hub: string; detectorSerial: string; mode: HubMode; armed: boolean; changed: boolean }
  | { action: 'clear'; hub: string }
  | { action: 'rename'; hub: string; detectorSerial: string; name: string };

/** msg.payload of ezviz-siren. */
export type SirenPayload =
  | { action: 'start' | 'stop'; deviceSerial: string }
  | { action: 'tone'; deviceSerial: string; tone: ToneName; volume: number | null };

/** The fields of `spec` taken from the validated message (API names). */
function fieldsFor(spec: CallSpec, input: ParsedInput): Fields {
  const out: Fields = {};
  for (const p of spec.params) {
    const name = p.apiName ?? p.name;
    if (input.fields[name] !== undefined) out[name] = input.fields[name];
  }
  return out;
}

/** A failure named after the node (a token failure keeps `token`). */
function asNode(result: Answered, operation: 'hub' | 'siren'): Answered {
  if (result.kind !== 'error' || result.error.operation === 'token') return result;
  return { ...result, error: new EzvizError({ ...result.error.toJSON(), operation }) };
}

/** The payload of an answered hub call. */
function hubPayload(action: HubAction, fields: Fields, reply: Extract<Answered, { kind: 'ok' }>, changed: boolean) {
  const hub = String(fields.deviceSerial);
  const detectorSerial = String(fields.detectorSerial);
  switch (action) {
    case 'list':
      return { action, hub, detectors: detectorsOf(reply.reply.data) };
    case 'arm':
      return {
        action,
        hub,
        detectorSerial,
        mode: hubModeName(Number(fields.safeMode))!,
        armed: fields.enable === 1,
        changed,
      };
    case 'clear':
      return { action, hub };
    default:
      return { action, hub, detectorSerial, name: String(fields.newName) };
  }
}

/** One ezviz-hub message: list, arm, clear or rename. */
export async function runHub(
  service: CallService,
  t: Translate,
  input: ParsedInput,
  owner: Owner,
): Promise<CallResult> {
  const action = hubActionOf(input.values.action) ?? 'list';
  const spec = HUB_CALLS[action];
  const fields = fieldsFor(spec, input);
  const result = await service.call({ spec, fields, owner });
  if (result.kind === 'closed') return result;
  const already = result.kind === 'error' && result.error.source === 'api' && HUB_ALREADY.includes(result.error.code);
  if (result.kind === 'error' && !(already && action === 'arm')) return asNode(result, 'hub');
  const ok: Extract<Answered, { kind: 'ok' }> =
    result.kind === 'ok'
      ? result
      : { kind: 'ok', reply: { code: '60022', msg: '' }, fields, durationMs: result.durationMs };
  try {
    const payload: HubPayload = hubPayload(action, fields, ok, result.kind === 'ok');
    return { ...ok, payload };
  } catch (e) {
    return badReplyResult(t, 'hub', e, ok.durationMs, ok.fields);
  }
}

/** One ezviz-siren message: start, stop or a tone (a beep unless the message names another). */
export async function runSiren(service: CallService, input: ParsedInput, owner: Owner): Promise<CallResult> {
  const action: SirenAction = sirenActionOf(input.values.action) ?? 'start';
  const spec = SIREN_CALLS[action];
  const deviceSerial = String(input.fields.deviceSerial);
  const fields: Fields =
    action === 'tone'
      ? { ...fieldsFor(spec, input), voiceIndex: Number(input.fields.voiceIndex ?? TONES.beep) }
      : { deviceSerial, status: DEFENCE_STATUS[action] };
  const result = await service.call({ spec, fields, owner });
  if (result.kind !== 'ok') return result.kind === 'closed' ? result : asNode(result, 'siren');
  const payload: SirenPayload =
    action === 'tone'
      ? {
          action,
          deviceSerial,
          tone: toneName(Number(fields.voiceIndex)) ?? 'beep',
          volume: fields.volume === undefined ? null : Number(fields.volume),
        }
      : { action, deviceSerial };
  return { ...result, payload };
}
