// The camera wall's flows and waits for the browser tests, the screenshots and the benchmark
// (docs/behaviour.md section 28): the dashboard of dashboard-env.ts with one wide group holding a
// wall `wall` of 16 cameras of the simulator's demo account, and an alarm node `hook` of the same
// config node pushed to by the simulator (its webhook), so that alarms reach the wall.

import { dashboardAccount, dashboardNodes, type DashboardEnv, type FlowNode, type PanelPage } from './dashboard-env';
import { waitUntil } from './browser-env';
import { keepFrames } from './dashboard-page';

/** 16 online cameras of the simulator's default state that take captures. */
export const SIXTEEN = [
  'C00000001/1',
  'C00000006/1',
  'C00000007/1',
  'C0000000D/1',
  'C00000013/1',
  ...[1, 2, 3, 4].map((c) => `C0000000F/${c}`),
  ...[1, 2, 3, 4, 5, 6, 7].map((c) => `C00000011/${c}`),
];

export const HOOK_PATH = '/ezviz-wall-hook';
export const HOOK_SECRET = 'wall-hook-secret';

/** The dashboard with a wall of `SIXTEEN` (its properties overridden by `wall`). */
export function wallFlow(simUrl: string, wall: FlowNode = {}): FlowNode[] {
  return [
    ...dashboardNodes().map((n) => (n.id === 'dash-group' ? { ...n, name: 'Cameras', width: '12' } : n)),
    { id: 'tab', type: 'tab', label: 'camera wall' },
    dashboardAccount(simUrl),
    {
      id: 'wall',
      type: 'ui-ezviz-wall',
      z: 'tab',
      name: '',
      group: 'dash-group',
      order: 1,
      width: 12,
      height: 0,
      config: 'cfg',
      source: 'list',
      cameras: SIXTEEN.join(', '),
      refresh: 10,
      alarmLive: 60,
      maxLive: 2,
      x: 200,
      y: 100,
      wires: [[]],
      ...wall,
    },
    {
      id: 'hook',
      type: 'ezviz-alarm',
      z: 'tab',
      config: 'cfg',
      source: 'webhook',
      path: HOOK_PATH,
      interval: 60,
      deviceSerial: '',
      alarmType: '',
      credentials: { secret: HOOK_SECRET },
      x: 200,
      y: 200,
      wires: [[], []],
    },
  ];
}

/** Waits until the wall shows `n` tiles each with a loaded picture. */
export function allPictures(p: PanelPage, n: number, timeout = 30000): Promise<void> {
  return waitUntil(
    p.page,
    (want) => {
      const imgs = Array.from(document.querySelectorAll('.ezw-tile img.ezw-picture')) as HTMLImageElement[];
      return imgs.length === want && imgs.every((i) => i.complete && i.naturalWidth > 0);
    },
    n,
    { timeout },
  ).then(() => undefined);
}

/** The players (video elements) in the wall's tiles now. */
export function players(p: PanelPage): Promise<number> {
  return p.page.evaluate(() => document.querySelectorAll('.ezw-tile video').length);
}

/** The video of the tile of `camera` ('C00000001/1'). */
export const tileVideo = (camera: string): string => `.ezw-tile[data-camera="${camera}"] video`;

/** A browser (a phone's with `phone`) on the wall's page (`at`: another Dashboard 2 page of the flow),
 * its socket frames both ways kept in `seen` from its first load on (env.open's beforeLoad: one load,
 * not a load and a reload), the wall shown. */
export function openWall(env: DashboardEnv, seen: string[], phone = false, at?: string): Promise<PanelPage> {
  return env.open({ phone, path: at, region: 'camera wall', beforeLoad: (page) => keepFrames({ page }, seen) });
}
