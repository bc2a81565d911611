// A widget's live view from an ezviz-stream node (docs/behaviour.md section 21): instead of the
// camera's own live address, each browser that asks gets a ticket for the dashboard package's stream
// route (stream-route.ts), which attaches it to the stream node's one camera session: any number of
// browsers, one camera session. The browser gets the route's path and the ticket's end, nothing else.

import type { NodeAPI } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { endStreams, serveStreams, streamPath, tickets } from './stream-route';

export interface StreamSource {
  /** The reply to a browser's `live` ask: the path to play once, or why not (no such node now). */
  live(browser: string): Record<string, unknown>;
  /** A browser left: its streams end, its tickets go. */
  left(browser: string): void;
  /** The widget closes: every stream of its browsers ends. */
  close(): void;
}

/** The stream source of widget `widget` for the ezviz-stream node `stream` ('' : none). */
export function streamSource(
  RED: NodeAPI,
  api: PanelApi,
  widget: string,
  stream: string,
  now: () => number = Date.now,
): StreamSource | undefined {
  if (!stream) return undefined;
  const settings = RED.settings as unknown as { httpNodeRoot?: unknown; httpNodeMiddleware?: unknown };
  const app = (RED as unknown as { httpNode?: Parameters<typeof serveStreams>[0] }).httpNode;
  serveStreams(app, api, settings.httpNodeMiddleware, now);
  return {
    live(browser) {
      if (!api.streamCamera(stream)) return { action: 'live', ok: false, error: { code: 'NO_STREAM', message: '' } };
      const { ticket, expires } = tickets.issue({ widget, browser, stream }, now());
      const url = streamPath(settings.httpNodeRoot, ticket);
      return { action: 'live', ok: true, live: { url, expires: new Date(expires).toISOString(), once: true } };
    },
    left: (browser) => endStreams((h) => h.widget === widget && h.browser === browser),
    close: () => endStreams((h) => h.widget === widget),
  };
}
