// The siren's rows (docs/behaviour.md section 24, docs/api/hub-api.md section 2): the node ezviz-siren
// and its three calls. Sounding the camera's active defence (siren and light) and playing a tone
// act: never sent twice (not retried once sent). The stop is retried and goes in the camera
// queue's lane of stops, ahead of anything queued for that camera. Pure data: the editor bundles it.

import { nameOf, valueOfName } from './numbers';
import { p, serial } from './operations';
import type { CallSpec, OperationSpec } from './operations';

export const SIREN_ACTIONS = ['start', 'stop', 'tone'] as const;
export type SirenAction = (typeof SIREN_ACTIONS)[number];

/** The camera's own tones by name, with the API's `voiceIndex`. */
export const TONES: Readonly<Record<'beep' | 'alarm' | 'mute', number>> = Object.freeze({
  beep: 200,
  alarm: 201,
  mute: 202,
});
export type ToneName = keyof typeof TONES;

/** `status` of active defence: 2 sounds it, 1 clears it. */
export const DEFENCE_STATUS = Object.freeze({ start: 2, stop: 1 });

/** ezviz-siren `action` (any case). */
export function sirenActionOf(raw: unknown): SirenAction | undefined {
  return nameOf(SIREN_ACTIONS, raw);
}

/** A tone's `voiceIndex`: a name (any case) or the number itself. */
export function toneOf(raw: unknown): number | undefined {
  const named = valueOfName(TONES, raw);
  if (named !== undefined) return named;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{3}\s*$/.test(raw) ? Number(raw) : NaN;
  return Object.values(TONES).includes(n) ? n : undefined;
}

/** The name of a `voiceIndex`. */
export function toneName(n: number): ToneName | undefined {
  return (Object.keys(TONES) as ToneName[]).find((k) => TONES[k] === n);
}

/** A volume: a whole number 1..100. */
export function volumeOf(raw: unknown): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 100 ? n : undefined;
}

/** ezviz-siren's own parameter kinds (undefined for any other kind, or a bad value). */
export function parseSirenParam(kind: string, raw: unknown): string | number | undefined {
  if (kind === 'sirenAction') return sirenActionOf(raw);
  if (kind === 'tone') return toneOf(raw);
  return kind === 'volume' ? volumeOf(raw) : undefined;
}

const PATH = '/api/v3/device/defence';
const status = p('status', 'sirenAction', true);
const v3 = { section: 'siren', cameraQueue: true, queueBy: 'device', envelope: 'v3' } as const;

export const SIREN_CALLS: Readonly<Record<SirenAction, CallSpec>> = Object.freeze({
  start: Object.freeze({
    ...v3,
    operation: 'siren-start',
    path: PATH,
    idempotent: false,
    endedByStop: true,
    params: [serial, status],
  }),
  stop: Object.freeze({
    ...v3,
    operation: 'siren-stop',
    path: PATH,
    idempotent: true,
    lane: 'stop',
    params: [serial, status],
  }),
  tone: Object.freeze({
    ...v3,
    operation: 'siren-tone',
    path: '/api/v3/device/audition',
    idempotent: false,
    query: true,
    params: [serial, p('tone', 'tone', true, { apiName: 'voiceIndex' }), p('volume', 'volume', false)],
  }),
});

/** The node's row: the camera, the action (start by default), the tone and its volume. */
export const SIREN_NODE: Readonly<OperationSpec> = Object.freeze({
  operation: 'siren',
  type: 'ezviz-siren',
  path: PATH,
  section: 'siren',
  idempotent: false,
  cameraQueue: true,
  params: [
    serial,
    p('action', 'sirenAction', false, { sent: false }),
    p('tone', 'tone', false, { apiName: 'voiceIndex' }),
    p('volume', 'volume', false),
  ],
} satisfies OperationSpec);
