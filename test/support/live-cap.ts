// The live view plays on across the service's session cap and address renewals (docs/behaviour.md
// section 21), in Chromium, one protocol per test file (live-cap-hls, live-cap-flv:
// they run in parallel): the simulator ends every live session after `capS` (--stream-cap: an FLV
// body ends, an HLS session's playlist ends with #EXT-X-ENDLIST) and the panel's addresses
// (liveExpire 30, the shortest the panel takes) live 30 x `secondMs` in a runtime whose lifetime
// seconds last `secondMs` (hooks.liveSecondMs, set in the Node-RED process by
// test/support/runtime-preload.ts): the panel and the runtime's cache renew them as a 30 s address,
// only sooner, so `playMs` of play cross at least 6 sessions and 2 address renewals. Measured in the
// page (test/support/picture-gaps.ts): the longest time the picture in front did not advance, the
// media played and the sessions shown. Target: at most 1 s (within the measurement's resolution).

import assert from 'assert';
import { skipWithoutChromium, waitUntil } from './browser-env';
import { DashboardEnv, panelFlow, startDashboardEnv } from './dashboard-env';
import { liveState } from '../../simulator/areas/stream';
import { measureGaps, withinTarget } from './picture-gaps';

const ADDRESS = /\/api\/lapp(\/v2)?\/live\/address\/get$/;
/** The panel's liveExpire (s). */
const EXPIRE_S = 30;

export interface LiveCap {
  protocol: 'hls' | 'flv';
  /** ms of play measured. */
  playMs: number;
  /** The simulator's session cap (s). */
  capS: number;
  /** How long a second of an address's lifetime lasts in the runtime (ms). */
  secondMs: number;
}

/** The test of one protocol. */
export function liveCapSuite({ protocol, playMs: PLAY_MS, capS, secondMs }: LiveCap): void {
  describe(`dashboard: live ${protocol} plays on across the session cap and address renewals (Chromium)`, function () {
    this.timeout(PLAY_MS + 120000);
    let env: DashboardEnv;

    before(async function () {
      skipWithoutChromium(this);
      env = await startDashboardEnv(
        (url) => panelFlow(url, { show_live: true, liveProtocol: protocol, liveExpire: EXPIRE_S }),
        { liveSecondMs: secondMs },
      );
      const r = await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/stream`, {
        method: 'POST',
        body: JSON.stringify({ cap: capS }),
        headers: { 'content-type': 'application/json' },
      });
      assert.strictEqual(r.status, 200);
    });
    after(async () => {
      if (env) await env.stop();
    });

    const life = (EXPIRE_S * secondMs) / 1000;
    it(`${PLAY_MS / 1000} s of ${protocol} in ${capS} s sessions with ${life} s addresses: never over 1 s without a new picture`, async () => {
      env.sim.clearLog();
      const p = await env.open();
      try {
        await waitUntil(
          p.page,
          () => {
            const v = document.querySelector('.ezc-live video[data-active="true"]') as HTMLVideoElement | null;
            return !!v && v.currentTime > 1 && !v.paused;
          },
          null,
          { timeout: 30000 },
        );
        const m = await measureGaps(p, '.ezc-live video[data-active="true"]', PLAY_MS);
        const asks = env.sim.requestLog().filter((e) => ADDRESS.test(e.path));
        // Sessions the simulator opened: FLV GETs, HLS sessions (a master playlist each).
        const opened =
          protocol === 'flv'
            ? env.sim.requestLog().filter((e) => e.path.endsWith('.flv')).length
            : liveState(env.sim.state).hlsSessions.size;
        console.log(
          `      live ${protocol}: ${JSON.stringify(m)}, ${opened} sessions opened, ${asks.length} address requests`,
        );
        assert.ok(
          withinTarget(m),
          `longest time without a new picture ${m.maxGap} ms (frames at most ${m.longestFrame} ms apart)`,
        );
        assert.ok(m.playedMs >= PLAY_MS - 5000, `${m.playedMs} ms of media played in ${PLAY_MS} ms`);
        // A session lasts the cap (FLV) to the cap + two playlist reloads (HLS: the end seen, the next one started).
        assert.ok(
          m.sessions >= 6 && m.sessions >= opened - 2,
          `the stream went on across the cap: ${m.sessions} of ${opened} sessions shown`,
        );
        assert.ok(
          asks.length >= 3 && asks.length <= 5,
          `the address renewed before it expired: ${asks.length} requests`,
        );
        for (const a of asks) assert.strictEqual(a.fields.protocol, protocol === 'flv' ? '4' : '2');
        assert.deepStrictEqual(p.pageErrors, []);
        assert.strictEqual(await p.page.getByRole('note').count(), 0, 'no reason over a playing stream');
      } finally {
        await p.close();
      }
    });
  });
}
