// What the dashboard browser tests do in a page of the real Dashboard 2 (test/support/dashboard-env.ts):
// wait until a video plays, make the page hidden as a tab in the background is, emit on the page's
// own Dashboard 2 socket, keep the socket's frames; and wait in this process for what the page
// caused (the simulator's requests).

import type { Page } from 'playwright-core';
import { waitUntil } from './browser-env';
import type { PanelPage, SocketLike } from './dashboard-env';

/** Waits (30 s at most) until the video `selector` has a picture, is not paused and has played more
 * than `seconds`. */
export function videoPlays(p: PanelPage, selector = 'video.ezc-video', seconds = 0.5): Promise<unknown> {
  return waitUntil(
    p.page,
    ({ selector, seconds }) => {
      const v = document.querySelector(selector) as HTMLVideoElement | null;
      return !!v && v.readyState >= 2 && v.currentTime > seconds && !v.paused;
    },
    { selector, seconds },
    { timeout: 30000 },
  );
}

/** Makes the page hidden (or visible again) as a browser does when the tab goes to the background. */
export function setHidden(p: PanelPage, hidden: boolean): Promise<void> {
  return p.page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
    Object.defineProperty(document, 'hidden', { value: h, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Emits `msgs` as `event` for the widget `id` on the page's own Dashboard 2 socket, as the page (or a
 * forging browser) would; answers how long the emits took in the page (ms). */
export function emitOnSocket(p: PanelPage, event: string, id: unknown, msgs: unknown[]): Promise<number> {
  return p.page.evaluate(
    ({ event, id, msgs }) => {
      const app = (
        document.querySelector('#app') as unknown as {
          __vue_app__: { _context: { provides: { $socket: SocketLike } } };
        }
      ).__vue_app__;
      const socket = app._context.provides.$socket;
      const t0 = performance.now();
      for (const m of msgs) socket.emit(event, id, m);
      return performance.now() - t0;
    },
    { event, id, msgs },
  );
}

/** Keeps every socket frame the page receives (and, with `sent`, sends) in `seen`, from its next load on
 * (`p`: a PanelPage, or a page not yet loaded, as env.open's beforeLoad gives it). */
export function keepFrames(p: { page: Page }, seen: string[], sent = true): void {
  p.page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => seen.push(String(f.payload)));
    if (sent) ws.on('framesent', (f) => seen.push(String(f.payload)));
  });
}

/** Waits in this process (every 10 ms, `ms` at most, then fails naming `what`) until `fn` gives a value. */
export async function until<T>(fn: () => T | undefined | false, ms = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
