// Whether a checked browser action of a camera panel goes ahead (docs/behaviour.md section 14): the
// browser's right to move and to switch (who.ts), then the action limit per browser and for all
// browsers of the panel and camera together (10 a second). The stop of a move under way always goes
// through; reads (state, live) are bounded elsewhere (pending.ts, the shared address cache), not by
// the panel and camera's limit.

import { RateLimit, type ActionName } from './checks';
import type { PanelSettings } from './settings';
import { isAllowed, rightOf, type Client } from './who';

export class Admission {
  private readonly rate: RateLimit;
  /** The same limit for every browser of this panel and camera together. */
  private readonly cameraRate: RateLimit;

  constructor(
    private readonly settings: PanelSettings,
    now: () => number,
  ) {
    this.rate = new RateLimit(now);
    this.cameraRate = new RateLimit(now);
  }

  /** Why a browser's action is refused, if it is; `moving` says whether a move is under way. */
  refusal(
    connId: string,
    client: Client | undefined,
    action: ActionName,
    moving: () => boolean,
  ): 'not-allowed' | 'rate' | undefined {
    const right = rightOf(action);
    if (right && !isAllowed(right === 'move' ? this.settings.moveUsers : this.settings.switchUsers, client))
      return 'not-allowed';
    const freeStop = action === 'stop' && moving();
    const read = action === 'state' || action === 'live';
    const camera = `${this.settings.deviceSerial}/${this.settings.channelNo}`;
    if (!freeStop && !(this.rate.allow(connId) && (read || this.cameraRate.allow(camera)))) return 'rate';
    return undefined;
  }

  forget(connId: string): void {
    this.rate.forget(connId);
  }
}
