// The state of the simulator's live addresses and streams (stream.ts serves them, live.ts hands
// out the addresses): the addresses, the cameras showing placeholders, the stream cap and the
// capped HLS sessions, one per simulator state.

import type { Device, SimulatorState } from '../state';

export type Placeholder = '9048' | '9053';

/** The lens is covered: privacy on (areas/switches.ts) on a device with a lens cover. The
 * simulator's cameras have one lens cover each, whatever the channel. */
export function lensCovered(dev: Device, _channelNo: number): boolean {
  return dev.capabilities.privacy && dev.camera?.privacy === true;
}

export interface LiveAddress {
  id: string;
  /** The signature in the URL (t=...); a stream request must carry it. */
  t: string;
  deviceSerial: string;
  channelNo: number;
  protocol: string;
  /** 1 HD (main stream), 2 smooth. */
  stream: number;
  /** 1 live, 2 SD card, 3 cloud. */
  type: number;
  /** Playback window (ms, China time as the request wrote it). */
  begin?: number;
  end?: number;
  /** ms; Infinity for ezopen (no lifetime). */
  expireAt: number;
}

export interface LiveState {
  addresses: Map<string, LiveAddress>;
  /** Cameras (`SERIAL/ch`) whose streams show the vendor's placeholder segments. */
  placeholders: Map<string, Placeholder>;
  /** Live sessions (FLV, and HLS through a session's playlist) end after this many seconds (0:
   * never; `--stream-cap`, POST /sim/stream). */
  streamCap: number;
  /** Capped HLS live sessions by id: when each started (hls-session.ts). */
  hlsSessions: Map<string, number>;
}

const states = new WeakMap<SimulatorState, LiveState>();

export function liveState(state: SimulatorState): LiveState {
  let s = states.get(state);
  if (!s) {
    s = { addresses: new Map(), placeholders: new Map(), streamCap: 0, hlsSessions: new Map() };
    states.set(state, s);
  }
  return s;
}
