// The panel at home in Dashboard 2 (docs/behaviour.md section 21), in Chromium: light and dark theme,
// desktop and phone, nothing sticks out of the panel sideways, touch targets of at least 44 px on a phone,
// the state chips in words; a user the panel does not allow to move sends nothing and sees
// "not allowed". Its panels (the config node `cfg-look` of their own, so the live view's address
// cache and the alarm's day stay apart from the other panels') are on Dashboard 2 pages of their own
// (/look, /dark, /who) in live.test.ts's Node-RED, after that file's tests: one start for both files.

import assert from 'assert';
import { skipWithoutChromium, waitUntil } from '../support/browser-env';
import {
  darkTheme,
  dashboardAccount,
  dashboardNodes,
  DashboardEnv,
  type FlowNode,
  PanelPage,
  panelNode,
} from '../support/dashboard-env';

/** What of the panel lies outside its box, and the controls smaller than `min` px. */
function measure(
  p: PanelPage,
  min: number,
): Promise<{ outside: string[]; small: string[]; chips: string[]; dark: boolean }> {
  return p.page.evaluate((min) => {
    const panel = document.querySelector('.ezc-panel') as HTMLElement;
    const box = panel.getBoundingClientRect();
    // The group the panel stands in: with the widget's size "auto" (height 0) its rows grow with
    // the panel, so nothing hangs below the group's card (with a fixed 10 rows it did).
    const group = (panel.closest('.nrdb-ui-group') as HTMLElement | null)?.getBoundingClientRect();
    const outside: string[] = [];
    const small: string[] = [];
    for (const el of Array.from(panel.querySelectorAll('button, input, .v-chip, .ezc-status')) as HTMLElement[]) {
      const r = el.getBoundingClientRect();
      const name = el.getAttribute('aria-label') || el.textContent?.trim() || el.className;
      if (r.width === 0) continue;
      // Sideways nothing sticks out of the panel; downwards nothing out of the group.
      if (r.left < box.left - 1 || r.right > box.right + 1) outside.push(name);
      if (!group || r.bottom > group.bottom + 1) outside.push(`${name} below the group`);
      const target = el.closest('.v-selection-control') ?? el;
      const t = target.getBoundingClientRect();
      if (el.matches('button, input') && (t.width < min || t.height < min))
        small.push(`${name} ${Math.round(t.width)}x${Math.round(t.height)}`);
    }
    if (panel.scrollWidth > panel.clientWidth + 1) outside.push('the panel scrolls sideways');
    const chips = (Array.from(document.querySelectorAll('.ezc-chip')) as HTMLElement[]).map((c) =>
      c.textContent!.trim(),
    );
    // The theme's text colour: light text on a dark theme (the panel has no colour of its own there).
    const [r, g, b] = (getComputedStyle(panel).color.match(/\d+/g) || ['0', '0', '0']).map(Number);
    return { outside, small, chips, dark: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 > 0.5 };
  }, min);
}

/** The timeline's and the event strip's interactive elements: how many of each kind, and those smaller than `min` px either way. */
function timelineTargets(p: PanelPage, min: number): Promise<{ kinds: Record<string, number>; small: string[] }> {
  return p.page.evaluate((min) => {
    const kinds: Record<string, number> = {};
    const small: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll('.ezviz-timeline-area button, .ezviz-timeline-area [tabindex]'),
    ) as HTMLElement[]) {
      const kind =
        ['ezc-tl-clip', 'ezc-tl-mark', 'ezc-strip-item'].find((c) => el.classList.contains(c)) ??
        (el.closest('.ezc-kinds') ? 'kind-filter' : 'head');
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      const r = el.getBoundingClientRect();
      if (r.width < min || r.height < min)
        small.push(`${el.getAttribute('aria-label')} ${Math.round(r.width)}x${Math.round(r.height)}`);
    }
    return { kinds, small };
  }, min);
}

/** Dashboard 2's theme, page and group once more, their ids ending in `-name`, the page at /name. */
function anotherPage(name: string, order: number, nodes: FlowNode[]): FlowNode[] {
  return nodes
    .filter((n) => n.type !== 'ui-base')
    .map((n) => ({
      ...n,
      id: `${n.id}-${name}`,
      ...(n.type === 'ui-page' ? { name, path: `/${name}`, theme: `dash-theme-${name}`, order } : {}),
      ...(n.type === 'ui-group' ? { page: `dash-page-${name}` } : {}),
    }));
}

/** The look's nodes: the config node `cfg-look`, the panel `cam-look` in the light theme (/look),
 * the same in the dark theme (/dark), and one that allows only alice to move and to switch (/who). */
export function lookNodes(url: string): FlowNode[] {
  const cam = panelNode('cam-look', { config: 'cfg-look', group: 'dash-group-look', show_live: true, y: 600 });
  return [
    { ...dashboardAccount(url), id: 'cfg-look', name: 'simulator (look)' },
    ...anotherPage('look', 4, dashboardNodes()),
    ...anotherPage('dark', 5, darkTheme(dashboardNodes())),
    ...anotherPage('who', 6, dashboardNodes()),
    cam,
    { ...cam, id: 'cam-dark', group: 'dash-group-dark', y: 700 },
    {
      ...cam,
      id: 'cam-who',
      group: 'dash-group-who',
      show_live: false,
      moveUsers: 'alice',
      switchUsers: 'alice',
      y: 800,
    },
  ];
}

/** The look's tests in `envOf`'s Node-RED (its flow holds lookNodes). */
export function describeLook(envOf: () => DashboardEnv): void {
  describe('dashboard: the panel looks at home (Chromium: light and dark, desktop and phone)', function () {
    this.timeout(120000);
    let env: DashboardEnv;
    before(async function () {
      skipWithoutChromium(this);
      env = envOf();
      // An alarm: a mark on the timeline and a thumbnail in the strip.
      await fetch(`${env.sim.url.replace(/\/$/, '')}/sim/alarm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ deviceSerial: 'C00000001', alarmName: 'motion', minutesAgo: 2 }),
      });
    });
    for (const theme of ['light', 'dark'] as const) {
      describe(`${theme} theme`, () => {
        for (const phone of [false, true]) {
          it(`${phone ? 'phone' : 'desktop'}: nothing outside the panel, the state in words${phone ? ', targets >= 44 px' : ''}`, async () => {
            // One page a device (reuse): each test's Dashboard 2 page loaded in it (three new pages fewer).
            const p = await env.open({ phone, path: theme === 'dark' ? 'dark' : 'look', reuse: true });
            try {
              await waitUntil(
                p.page,
                () => document.querySelectorAll('.ezc-switch[data-state="unknown"]').length === 0,
              );
              await p.page.locator('.ezc-chip-online').waitFor();
              await p.page.locator('.ezc-strip-item').first().waitFor({ timeout: 30000 });
              await p.page
                .locator('.ezc-tl-note')
                .filter({ hasText: /recordings/ })
                .waitFor({ timeout: 30000 });
              const m = await measure(p, phone ? 44 : 0);
              assert.deepStrictEqual(m.outside, []);
              assert.deepStrictEqual(m.small, []);
              assert.strictEqual(m.dark, theme === 'dark');
              assert.ok(
                m.chips.includes('online') &&
                  m.chips.some((c) => /^(armed|disarmed)$/.test(c)) &&
                  m.chips.some((c) => /^lens (covered|open)$/.test(c)),
                m.chips.join(', '),
              );
              for (const name of ['up', 'zoom in', 'stop']) {
                await p.page.getByRole('button', { name, exact: true }).hover();
                await p.page.getByRole('tooltip').filter({ hasText: name }).first().waitFor();
              }
              assert.strictEqual(await p.page.getByRole('radiogroup', { name: 'speed' }).getByRole('radio').count(), 3);
              if (phone) {
                // Every target of the timeline and the strip: today's (a mark, a thumbnail), then a whole day of recordings.
                const today = await timelineTargets(p, 44);
                assert.deepStrictEqual(today.small, []);
                assert.ok(
                  today.kinds.head === 3 &&
                    today.kinds['ezc-tl-mark'] >= 1 &&
                    today.kinds['ezc-strip-item'] >= 1 &&
                    today.kinds['kind-filter'] >= 1,
                  JSON.stringify(today.kinds),
                );
                await p.page.getByRole('button', { name: 'day before', exact: true }).click();
                await p.page
                  .locator('.ezc-tl-note')
                  .filter({ hasText: /recordings: tap one/ })
                  .waitFor({ timeout: 30000 });
                const before = await timelineTargets(p, 44);
                assert.deepStrictEqual(before.small, []);
                assert.ok(before.kinds['ezc-tl-clip'] >= 5, JSON.stringify(before.kinds));
                assert.deepStrictEqual((await measure(p, 44)).outside, []);
              }
              assert.deepStrictEqual(p.pageErrors, []);
            } finally {
              await p.close();
            }
          });
        }
      });
    }

    describe('who may move', () => {
      it('a browser without an allowed user sends nothing when it presses and sees "not allowed"', async () => {
        const p = await env.open({ path: 'who', reuse: true });
        try {
          env.sim.clearLog();
          const left = p.page.getByRole('button', { name: 'left', exact: true });
          await left.hover();
          await p.page.mouse.down();
          await new Promise((r) => setTimeout(r, 700));
          await p.page.mouse.up();
          await p.page.getByRole('status').filter({ hasText: 'not allowed' }).waitFor();
          await p.page.getByRole('switch', { name: 'privacy', exact: true }).click();
          await new Promise((r) => setTimeout(r, 500));
          const sent = env.sim.requestLog().filter((e) => /ptz|preset\/move|switch\/set/.test(e.path));
          assert.deepStrictEqual(
            sent.map((e) => e.path),
            [],
          );
        } finally {
          await p.close();
        }
      });
    });
  });
}
