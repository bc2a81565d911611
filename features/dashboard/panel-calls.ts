// A panel call run (the dashboard door, dashboard-api.ts): the operation's validation,
// the config node's service (camera queue, stop before start, retries, preset names; a switch's set
// and the device's state through camera-state.ts, as ezviz-switch and ezviz-device; the shared live
// addresses) and the operation's reply mapping, shaped as docs/behaviour.md section 4 shapes an
// operation node's outputs.

import type { CallResult, Owner } from '../../client/requests/call-types';
import { deviceAsk, readDevice, setSwitch, switchAsk } from '../../client/service/camera-state';
import { listRecordings, recordingsAsk, type RecordingsListing } from '../recordings/recordings';
import { captureResult } from '../capture/capture';
import { lookUpCodes } from '../../client/pictures/codes';
import { EzvizError } from '../../client/errors/errors';
import type { Translate } from '../../client/errors/translate';
import { noConfigError, type ConfigNodeLike } from '../../runtime/call-path/lifecycle';
import { OPERATIONS, type OperationSpec } from '../../client/operations/operations';
import { STATE_NODES } from '../../client/operations/state-calls';
import { publicRequest, replyError } from '../../runtime/call-path/outputs';
import { plainPayload } from '../../client/replies/replies';
import { validateInput, wouldSend } from '../../runtime/call-path/validation';
import { PANEL_OPERATIONS, type PanelOperation, type PanelOutcome, type PanelValues } from './panel-types';

export const specOf = (op: PanelOperation): OperationSpec =>
  op === 'switch' || op === 'device' || op === 'recordings' ? STATE_NODES[op] : OPERATIONS[op];

export function failure(
  t: Translate,
  operation: PanelOperation,
  e: unknown,
  request: Record<string, unknown>,
): PanelOutcome {
  const error = e instanceof EzvizError ? e : replyError(t, specOf(operation), e);
  return { kind: 'error', error: error.toJSON(), ezviz: { operation, request } };
}

/** A live address through the config node's shared cache (one request however many viewers). An
 * encrypted camera's stream opens with the config node's verification code for it (the one lookup,
 * pictures/codes.ts: a panel has no code of its own); `codeFrom` says whether one was found. */
async function liveAddress(cfg: ConfigNodeLike, raw: Record<string, unknown>, owner: Owner): Promise<PanelOutcome> {
  const { refresh, ...ask } = raw;
  const found = lookUpCodes({ book: cfg.service.codes, deviceSerial: ask.deviceSerial });
  const codeFrom = found.origin;
  const r = await cfg.service.liveAddress(
    codeFrom === 'none' ? ask : { ...ask, verificationCode: found.codes[0] },
    refresh === true,
  );
  if (owner.closed) return { kind: 'closed' };
  const request = publicRequest(OPERATIONS.live, ask);
  if (!r.ok) return { kind: 'error', error: r.error, ezviz: { operation: 'live', request, codeFrom } };
  return { kind: 'ok', payload: r.address, ezviz: { operation: 'live', request, live: r.address, shared: r.shared } };
}

/** A switch set, a device read (service/camera-state.ts) or a recording list (recordings/recordings.ts:
 * the panel's timeline; an item with `source`, `start`, `end` asks `live` for its playback), its
 * values validated once by the operation's row, shaped. */
async function cameraState(
  t: Translate,
  cfg: ConfigNodeLike,
  operation: 'switch' | 'device' | 'recordings',
  raw: Record<string, unknown>,
  owner: Owner,
): Promise<PanelOutcome> {
  const input = validateInput(t, specOf(operation), raw);
  if (input instanceof EzvizError) return failure(t, operation, input, {});
  const v = input.values;
  const result: CallResult & { payload?: unknown } =
    operation === 'switch'
      ? await setSwitch(cfg.service, t, switchAsk(v), owner)
      : operation === 'device'
        ? await readDevice(cfg.service, t, deviceAsk(v), owner)
        : await listRecordings(cfg.service, t, recordingsAsk(v), owner);
  if (result.kind === 'closed' || owner.closed) return { kind: 'closed' };
  const request = publicRequest(specOf(operation), result.fields);
  if (result.kind === 'error') return failure(t, operation, result.error, request);
  const ezviz = { operation, code: result.reply.code, msg: result.reply.msg, request, durationMs: result.durationMs };
  if (operation !== 'recordings') return { kind: 'ok', payload: result.payload, ezviz };
  const listing = result.payload as RecordingsListing;
  return { kind: 'ok', payload: listing.items, ezviz: { ...ezviz, window: listing.window, skipped: listing.skipped } };
}

export async function callOperation(
  t: Translate,
  cfg: ConfigNodeLike | null,
  operation: PanelOperation,
  values: PanelValues,
  owner: Owner,
): Promise<PanelOutcome> {
  if (!PANEL_OPERATIONS.includes(operation)) throw new Error('not a panel operation');
  const raw = values as Record<string, unknown>;
  if (!cfg) {
    return failure(t, operation, noConfigError(t, operation), wouldSend(specOf(operation), raw));
  }
  if (operation === 'switch' || operation === 'device' || operation === 'recordings')
    return cameraState(t, cfg, operation, raw, owner);
  if (operation === 'live') return liveAddress(cfg, raw, owner);
  const spec = OPERATIONS[operation];
  const input = validateInput(t, spec, raw);
  if (input instanceof EzvizError) return failure(t, operation, input, wouldSend(spec, raw));
  const result = await cfg.service.call({ spec, fields: input.fields, presetName: input.presetName, owner });
  if (result.kind === 'closed' || owner.closed) return { kind: 'closed' };
  const request = publicRequest(spec, result.fields);
  if (result.kind === 'error') return failure(t, operation, result.error, request);
  const reply = result.reply;
  const ezviz: Record<string, unknown> = {
    operation,
    code: reply.code,
    msg: reply.msg,
    request,
    durationMs: result.durationMs,
  };
  try {
    if (operation !== 'capture') return { kind: 'ok', payload: plainPayload(reply), ezviz };
    // The panel shows the picture itself: downloaded by the service (5 MiB, the node's timeout).
    const shaped = await captureResult({ reply, input, def: { download: true }, service: cfg.service, t, result });
    if (shaped instanceof EzvizError) return failure(t, operation, shaped, request);
    if ('error' in shaped)
      return { kind: 'error', error: shaped.error.toJSON(), ezviz: { operation, request, ...shaped.ezviz } };
    return { kind: 'ok', payload: shaped.payload, ezviz: { ...ezviz, ...shaped.ezviz } };
  } catch (e) {
    return failure(t, operation, e, request);
  }
}
