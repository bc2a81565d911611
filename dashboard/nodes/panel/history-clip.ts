// The panel's clip download at run time (docs/behaviour.md section 21): a browser that plays a
// recording back asks for the moment it shows (`clip`, history-checks.ts); the runtime saves it
// as MP4 through the main package's door (PanelApi.clip: ezviz-clip's own run, the stream read
// here, never in the browser) and sends the browser the file's bytes and name, or the error's code
// and message; no playback address, token or verification code. One clip at a time per panel (a
// second ask while one is under way is refused `busy`); the panel's close stops it.

import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import type { HistoryAsk } from './history-checks';
import type { Conn } from './panel';
import { errorOf } from './replies';
import type { PanelSettings } from './settings';

type Owner = Parameters<PanelApi['clip']>[2];

export class ClipSaves {
  private readonly stop = new AbortController();
  private busy = false;

  constructor(
    private readonly api: PanelApi,
    private readonly cfg: ReturnType<PanelApi['configNode']>,
    private readonly settings: PanelSettings,
    private readonly owner: Owner,
    private readonly emit: (conn: Conn, reply: Record<string, unknown>) => void,
  ) {}

  /** Saves the window `ask` names and answers `conn`. */
  async save(conn: Conn, ask: Extract<HistoryAsk, { action: 'clip' }>): Promise<void> {
    if (this.busy) return this.emit(conn, { action: 'clip', ok: false, refused: 'busy' });
    this.busy = true;
    try {
      const camera = { deviceSerial: this.settings.deviceSerial, channelNo: this.settings.channelNo };
      const window = { source: ask.source, start: ask.start, end: ask.end };
      const r = await this.api.clip(this.cfg, { ...camera, ...window }, this.owner, this.stop.signal);
      if (r.ok === 'closed') return;
      this.emit(
        conn,
        r.ok
          ? { action: 'clip', ok: true, file: r.file, filename: r.filename, seconds: r.seconds, start: ask.start }
          : { action: 'clip', ok: false, start: ask.start, error: errorOf(r.error) },
      );
    } finally {
      this.busy = false;
    }
  }

  close(): void {
    this.stop.abort();
  }
}
