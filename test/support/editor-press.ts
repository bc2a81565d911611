// Inject buttons pressed in the Node-RED editor (test/support/editor-examples.ts), waited for
// as test/support/examples-run.ts waits for a press at run time (outcomeCame, quietNow,
// presetCalling): until its outcome came (a debug message from a node the inject reaches, or a
// status of such a node that is not blue), then a short settle (0.3 s) with none of those nodes
// blue and no preset call under way in the simulator. What the editor receives is read from its
// own comms (the debug messages and the node statuses), as the debug sidebar and the canvas get them,
// waited for in the page (a round trip for each change rather than one every 50 ms). The button is
// found and hit-tested in the page in the same round trip that reads what came before the press, then
// clicked with the mouse (pressButton).

import type { Page } from 'playwright-core';
import type { Simulator } from '../../simulator';
import { pressInject, recordDebugMessages, type DebugMessage } from './browser-editor';
import { outcomeCame, presetCalling, quietNow, reachable, type FlowNode, type Seen } from './examples-run';

/* eslint-disable @typescript-eslint/no-explicit-any */

const SETTLE_MS = 300;

export interface EditorPresses {
  /** Presses inject `id` on the canvas, waits for its outcome and quiet; returns the debug messages
   * that came since the end of the press before (or since recording began). */
  press(id: string): Promise<DebugMessage[]>;
  /** The debug messages received until the end of the last press. */
  count(): number;
}

/** What the page received since `debugSeen` and `statusSeen` (debug messages and statuses), read in
 * the same evaluate that shows inject `id`'s tab and reveals it: where the mouse is to click its
 * button once the view has drawn it (two animation frames: the view redraws in one), or null when
 * something else would take the click there (a notification over it) or it is not drawn. */
type Before = { debug: any[]; status: any[]; point: { x: number; y: number } | null };
function showButton(page: Page, id: string, debugSeen: number, statusSeen: number): Promise<Before> {
  return page.evaluate(
    ([i, d, s]) =>
      new Promise<Before>((resolve) => {
        const w = globalThis as any;
        const got = { debug: w.__ezvizDebug.slice(d), status: w.__ezvizStatus.slice(s) };
        const RED = w.RED;
        if (RED.workspaces.active() !== RED.nodes.node(i).z) RED.workspaces.show(RED.nodes.node(i).z);
        RED.view.reveal(i, false);
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const button = document.querySelector(`[id="${i}"] .red-ui-flow-node-button`);
            const r = button && button.getBoundingClientRect();
            if (!button || !r || r.width === 0 || r.height === 0) return resolve({ ...got, point: null });
            const point = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
            const hit = document.elementFromPoint(point.x, point.y);
            resolve({ ...got, point: hit && button.contains(hit) ? point : null });
          }),
        );
      }),
    [id, debugSeen, statusSeen] as const,
  );
}

/** Starts recording the editor's debug messages and statuses; `flows` are the deployed nodes. */
export async function editorPresses(page: Page, sim: Simulator, flows: FlowNode[]): Promise<EditorPresses> {
  await recordDebugMessages(page);
  await page.evaluate(() => {
    const w = globalThis as any;
    if (w.__ezvizStatus) return;
    w.__ezvizStatus = [];
    w.RED.comms.subscribe('status/#', (topic: string, d: any) => {
      w.__ezvizStatus.push({ node: topic.slice('status/'.length), fill: d && d.fill });
    });
  });
  const wires = new Map<string, string[]>(flows.map((n) => [n.id as string, ((n.wires ?? []) as string[][]).flat()]));
  const busy = new Set<string>();
  let debugSeen = 0;
  let statusSeen = 0;
  /** What comes past the messages and statuses seen, waited for in the page up to `ms` (nothing
   * when the time passes first); the statuses update `busy`. One round trip to the page for each
   * wait: polling it every 50 ms took some 1,300 round trips for the examples' presses (about 6 ms
   * of CPU each, the test process's and Chromium's, measured on an idle editor page). */
  const next = async (
    ms: number,
    got?: { debug: any[]; status: any[] },
  ): Promise<{ debug: DebugMessage[]; seen: Seen[] }> => {
    got ??= await page.evaluate(
      ([d, s, wait]) =>
        new Promise<{ debug: any[]; status: any[] }>((resolve) => {
          const w = globalThis as any;
          const end = Date.now() + wait;
          const check = (): void => {
            if (w.__ezvizDebug.length > d || w.__ezvizStatus.length > s || Date.now() >= end)
              resolve({ debug: w.__ezvizDebug.slice(d), status: w.__ezvizStatus.slice(s) });
            else setTimeout(check, 25);
          };
          check();
        }),
      [debugSeen, statusSeen, ms] as const,
    );
    debugSeen += got.debug.length;
    statusSeen += got.status.length;
    const seen: Seen[] = got.debug.map((m: DebugMessage) => ({ kind: 'debug', node: m.id, value: m.msg }));
    for (const st of got.status as Array<{ node: string; fill?: string }>) {
      if (st.fill === 'blue') busy.add(st.node);
      else busy.delete(st.node);
      seen.push({ kind: 'status', node: st.node, value: { fill: st.fill } });
    }
    return { debug: got.debug, seen };
  };
  return {
    count: () => debugSeen,
    async press(id) {
      // Messages from before the press are the press's to show, not its outcome; read with the
      // button's place (one round trip), the button clicked there with the mouse; when it is not
      // clear to click, pressed as the other walks press (Playwright waits until it is).
      const before = await showButton(page, id, debugSeen, statusSeen);
      const fresh = (await next(0, before)).debug;
      const events: Seen[] = [];
      const nodes = reachable(wires, id);
      if (before.point) await page.mouse.click(before.point.x, before.point.y);
      else await pressInject(page, id);
      let lastEvent = Date.now();
      for (const deadline = Date.now() + 30000; ;) {
        const now = Date.now();
        if (now >= deadline) break;
        const outcome = outcomeCame(events, nodes);
        const quiet = quietNow({ now, lastEvent, busy, outcome }, { settleMs: SETTLE_MS, nodes });
        if (quiet && !presetCalling(sim.state, sim.clock.now())) break;
        // Until when nothing new leaves things as they are (quietNow): an awaited outcome given up
        // 10 s after the last event, the settle after it; blue nodes and a preset call go on
        // until an event (a preset call is looked at again every 50 ms).
        let until = deadline;
        if (quiet) until = now + 50;
        else if (!outcome && now - lastEvent < 10000) until = lastEvent + 10000;
        else if (now - lastEvent < SETTLE_MS) until = lastEvent + SETTLE_MS;
        const got = await next(Math.min(until, deadline) - now);
        fresh.push(...got.debug);
        events.push(...got.seen);
        if (got.seen.length) lastEvent = Date.now();
      }
      return fresh;
    },
  };
}
