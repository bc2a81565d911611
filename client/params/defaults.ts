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
export function paramDefault(p: ParamSpec): ParamDefault {
  switch (p.kind) {
    case 'channel':
      return { value: p.required ? '1' : '', type: 'num' };
    case 'index':
      return { value: '', type: 'num' };
    case 'direction':
      return { value: '', type: 'direction' };
    case 'speed':
      return { value: '', type: 'speed' };
    case 'mirror':
      return { value: '', type: 'mirror' };
    case 'immediately':
      return { value: '', type: 'immediately' };
    case 'duration':
      return { value: '', type: 'num' };
    case 'cardPassword':
    case 'verificationCode':
      return { value: '', type: 'cred' };
    case 'switch':
      return { value: 'defence', type: 'switch' };
    case 'switchState':
      return { value: '', type: 'switchState' };
    // ezviz-live: hls, live, one hour (the node's defaults made visible); quality from the camera
    case 'protocol':
      return { value: 'hls', type: 'protocol' };
    case 'quality':
      return { value: '', type: 'quality' };
    case 'source':
      return { value: 'live', type: 'source' };
    case 'lifetime':
      return { value: '3600', type: 'num' };
    // ezviz-recordings: both sources unless the node says otherwise
    case 'recordSource':
      return { value: 'auto', type: 'recordSource' };
    case 'setting':
      return { value: 'sensitivity', type: 'setting' };
    case 'firmwareAction':
      return { value: 'check', type: 'firmwareAction' };
    // ezviz-hub: a list unless the node says otherwise; ezviz-siren: a start. The others from msg.payload.
    case 'hubAction':
      return { value: 'list', type: 'hubAction' };
    case 'sirenAction':
      return { value: 'start', type: 'sirenAction' };
    case 'hubMode':
    case 'onOff':
    case 'tone':
      return { value: '', type: p.kind };
    default:
      return clipDefault(p) ?? { value: '', type: 'str' };
  }
}

/** ezviz-clip: its defaults made visible (operations/clips.ts); the timeout follows maxSeconds. */
function clipDefault(p: ParamSpec): ParamDefault | undefined {
  switch (p.kind) {
    case 'clipSource':
      return { value: 'auto', type: 'clipSource' };
    case 'clipAround':
      return { value: String(p.name === 'before' ? CLIP_DEFAULTS.before : CLIP_DEFAULTS.after), type: 'num' };
    case 'clipSeconds':
      return { value: String(CLIP_DEFAULTS.maxSeconds), type: 'num' };
    case 'clipBytes':
      return { value: String(CLIP_DEFAULTS.maxBytes), type: 'num' };
    case 'clipTimeout':
      return { value: '', type: 'num' };
    case 'clipWait':
      return { value: String(CLIP_DEFAULTS.waitFor), type: 'num' };
    case 'clipFormat':
      return { value: CLIP_DEFAULTS.format, type: 'clipFormat' };
    default:
      return undefined;
  }
}
