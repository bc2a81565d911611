// The wall's pictures (docs/behaviour.md section 28): each camera's latest picture, the last alarm's
// (decrypted by the main package's picture desk) or a capture no older than `refresh`, asked once for
// every viewer: a capture goes out only when the picture kept is older than that and none is under
// way; a failed capture is tried again after `refresh` too. The bytes stay here and go to the
// browsers as bytes: never a picture URL or a verification code.

import type { FedAlarm, PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import type { WallCamera } from './settings';
import { keyOf } from './settings';

export interface WallPicture {
  data: Buffer;
  at: number;
  from: 'capture' | 'alarm';
}

type ConfigNode = ReturnType<PanelApi['configNode']>;
type Owner = { id: string; closed: boolean; timedStopDone: () => undefined };

export class WallPictures {
  private readonly kept = new Map<string, WallPicture>();
  /** When a camera's last capture was asked for (kept also when it failed). */
  private readonly asked = new Map<string, number>();
  private readonly failed = new Map<string, { code: string; message: string }>();
  private readonly under = new Set<string>();
  /** A picture came (or a capture failed): the wall tells its browsers. */
  onPicture: (key: string) => void = () => undefined;
  /** Captures sent (tests, the node's status). */
  captures = 0;

  constructor(
    private readonly api: PanelApi,
    private readonly cfg: ConfigNode,
    private readonly owner: Owner,
    private readonly refreshMs: () => number,
    private readonly now: () => number,
  ) {}

  picture(key: string): WallPicture | undefined {
    return this.kept.get(key);
  }

  failure(key: string): { code: string; message: string } | undefined {
    return this.failed.get(key);
  }

  /** Whether a camera's picture (or its last try) is older than `refresh`. */
  private stale(key: string): boolean {
    const at = Math.max(this.kept.get(key)?.at ?? -Infinity, this.asked.get(key) ?? -Infinity);
    return this.now() - at >= this.refreshMs();
  }

  /** Captures the cameras whose picture is stale, at most one under way per camera. */
  refresh(cameras: readonly WallCamera[]): void {
    for (const c of cameras) {
      const key = keyOf(c);
      if (this.under.has(key) || !this.stale(key) || this.owner.closed) continue;
      void this.capture(c, key);
    }
  }

  private async capture(c: WallCamera, key: string): Promise<void> {
    this.under.add(key);
    this.asked.set(key, this.now());
    this.captures += 1;
    const outcome = await this.api.call(this.cfg, 'capture', { ...c }, this.owner);
    this.under.delete(key);
    if (outcome.kind === 'closed' || this.owner.closed) return;
    if (outcome.kind === 'ok' && Buffer.isBuffer(outcome.payload)) {
      const newer = this.kept.get(key);
      // An alarm's picture that came meanwhile is newer than this capture: it stays.
      if (!newer || newer.from !== 'alarm' || newer.at < (this.asked.get(key) ?? 0))
        this.kept.set(key, { data: outcome.payload, at: this.now(), from: 'capture' });
      this.failed.delete(key);
    } else if (outcome.kind === 'error') {
      this.failed.set(key, { code: String(outcome.error.code), message: String(outcome.error.message) });
    }
    this.onPicture(key);
  }

  /** An alarm of a wall camera with a picture: it becomes the tile's picture (decrypted here). */
  async alarm(key: string, alarm: FedAlarm): Promise<void> {
    if (!alarm.alarmPicUrl) return;
    const r = await this.api.alarmPicture(this.cfg, alarm);
    if (this.owner.closed || r.ok !== true) return;
    this.kept.set(key, { data: r.data, at: this.now(), from: 'alarm' });
    this.failed.delete(key);
    this.onPicture(key);
  }
}
