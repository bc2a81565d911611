// The value and type of each parameter a new node starts with in the editor (editor/params.ts,
// editor/operation-node.ts). The runtime reads a `<name>Type` missing from a flow as this default
// too (call-path/readers.ts): a property missing from a flow takes the editor's default, so a
// secret's credential is read when the flow has no `<name>Type` (docs/behaviour.md section 4).
// Pure: no Node.js or browser imports.

import type { ParamSpec } from '../operations/operations';
import { CLIP_DEFAULTS } from '../operations/clips';

export interface ParamDefault {
  value: string;
  type: string;
}

/**
 * The value a new node starts with. Empty wherever a value in msg.payload must not be overridden
 * unseen: a select starts on "from msg.payload.<name>" (direction, speed, mirror command), the
 * duration empty (absent from the payload means 0, until a stop). Only the channel of PTZ and
 * preset nodes starts at 1 (nearly every camera has one channel; a different msg.payload.channelNo
 * is reported as ignored).
 */
/** The kinds that are a select of their own (the TypedInput type is the kind), with the value each
 * starts on ('' : from msg.payload). ezviz-live: hls, live (the node's defaults made visible),
 * quality from the camera; ezviz-recordings and ezviz-clip: both sources unless the node says
 * otherwise; ezviz-hub a list, ezviz-siren a start, the others from msg.payload. */
const OWN_SELECTS: Readonly<Record<string, string>> = Object.freeze({
  direction: '',
  speed: '',
  mirror: '',
  immediately: '',
  switch: 'defence',
  switchState: '',
  protocol: 'hls',
  quality: '',
  source: 'live',
  recordSource: 'auto',
  setting: 'sensitivity',
  firmwareAction: 'check',
  hubAction: 'list',
  sirenAction: 'start',
  hubMode: '',
  onOff: '',
  tone: '',
  clipSource: 'auto',
  clipFormat: CLIP_DEFAULTS.format,
});

export function paramDefault(p: ParamSpec): ParamDefault {
  if (Object.prototype.hasOwnProperty.call(OWN_SELECTS, p.kind)) return { value: OWN_SELECTS[p.kind], type: p.kind };
  switch (p.kind) {
    case 'channel':
      return { value: p.required ? '1' : '', type: 'num' };
    case 'index':
    case 'duration':
    case 'clipTimeout': // the clip's timeout follows maxSeconds
      return { value: '', type: 'num' };
    case 'cardPassword':
    case 'verificationCode':
      return { value: '', type: 'cred' };
    case 'lifetime':
      return { value: '3600', type: 'num' };
    default:
      return clipDefault(p) ?? { value: '', type: 'str' };
  }
}

/** ezviz-clip: its bounds made visible (operations/clips.ts). */
function clipDefault(p: ParamSpec): ParamDefault | undefined {
  switch (p.kind) {
    case 'clipAround':
      return { value: String(p.name === 'before' ? CLIP_DEFAULTS.before : CLIP_DEFAULTS.after), type: 'num' };
    case 'clipSeconds':
      return { value: String(CLIP_DEFAULTS.maxSeconds), type: 'num' };
    case 'clipBytes':
      return { value: String(CLIP_DEFAULTS.maxBytes), type: 'num' };
    case 'clipWait':
      return { value: String(CLIP_DEFAULTS.waitFor), type: 'num' };
    default:
      return undefined;
  }
}
