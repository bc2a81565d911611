// The camera wall's flows and waits for the browser tests, the screenshots and the benchmark
// (docs/behaviour.md section 28): the dashboard of dashboard-env.ts with one wide group holding a
// wall `wall` of 16 cameras of the simulator's demo account, and an alarm node `hook` of the same
// config node pushed to by the simulator (its webhook), so that alarms reach the wall.

import { dashboardNodes, type FlowNode, type PanelPage } from './dashboard-env';
import { waitUntil } from './browser-env';

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
    {
      id: 'cfg',
      type: 'ezviz-config',
      name: 'simulator',
      baseUrl: simUrl,
      timeout: 10000,
      maxRetries: 3,
      retryDelay: 500,
      credentials: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' },
    },
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
