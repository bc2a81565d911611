// The wall's ezviz-stream nodes as live sources (docs/behaviour.md section 28): a live tile whose
// camera one of the chosen stream nodes streams plays from that node (a ticket for the dashboard
// package's stream route, panel/stream-source.ts) instead of the camera's own live address; so does
// a panel opened in place on that camera. Every browser, wall and panel on one stream node is one
// more viewer of its one camera session. The camera of a stream node is read when a browser asks
// (the node deployed now); a chosen node not deployed leaves its camera on its own live address.

import type { NodeAPI } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { streamSource, type StreamSource } from '../panel/stream-source';
import type { WallCamera } from './settings';

export class WallStreams {
  private readonly sources = new Map<string, StreamSource>();

  /** `widget`: the wall's node id; `ids`: the chosen stream nodes. */
  constructor(
    private readonly RED: NodeAPI,
    private readonly api: PanelApi,
    private readonly widget: string,
    private readonly ids: readonly string[],
  ) {}

  /** The id of the chosen stream node that streams `camera` now, or ''. */
  nodeOf(camera: WallCamera): string {
    for (const id of this.ids) {
      const c = this.api.streamCamera(id);
      if (c && c.deviceSerial.toUpperCase() === camera.deviceSerial && c.channelNo === camera.channelNo) return id;
    }
    return '';
  }

  /** The wall's source of a camera's live view, when a chosen stream node streams it. */
  sourceOf(camera: WallCamera): StreamSource | undefined {
    const id = this.nodeOf(camera);
    if (!id) return undefined;
    let source = this.sources.get(id);
    if (!source) {
      source = streamSource(this.RED, this.api, this.widget, id);
      if (source) this.sources.set(id, source);
    }
    return source;
  }

  /** The source of a panel opened in place on `camera` (its own widget id `panel`), or undefined. */
  panelSource(panel: string, camera: WallCamera): StreamSource | undefined {
    const id = this.nodeOf(camera);
    return id ? streamSource(this.RED, this.api, panel, id) : undefined;
  }

  /** A browser left the wall: its streams end. */
  left(browser: string): void {
    for (const s of this.sources.values()) s.left(browser);
  }

  /** The wall closes: every stream of its browsers ends. */
  close(): void {
    for (const s of this.sources.values()) s.close();
    this.sources.clear();
  }
}
