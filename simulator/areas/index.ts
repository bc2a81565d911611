// The simulator's API areas, one file each. To add an area: write areas/<name>.ts exporting an
// `Area` (area.ts: its handlers by route op, optionally admin endpoints and served paths), add
// its line to AREAS below, and its rows to routes.ts (RouteOp, ROUTES; Section and messages.ts
// when its codes need texts of their own). Loading this module fails when a route has no
// handler, an op has two, or a handler has no route.

import type { AdminRoutes, Area, Handler, ServedPath } from '../area';
import { ROUTES } from '../routes';
import type { RouteOp } from '../routes';
import { alarmsArea } from './alarms';
import { devicesArea } from './devices';
import { facesArea } from './faces';
import { liveArea } from './live';
import { mqArea } from './mq';
import { picturesArea } from './pictures';
import { hubArea } from './hub';
import { ptzArea } from './ptz';
import { recordingsArea } from './recordings';
import { storageArea } from './storage';
import { settingsArea } from './settings';
import { switchesArea } from './switches';
import { tokenArea } from './token';
import { voiceArea } from './voice';

export const AREAS: readonly Area[] = Object.freeze([
  tokenArea,
  storageArea,
  ptzArea,
  devicesArea,
  picturesArea,
  alarmsArea,
  liveArea,
  mqArea,
  switchesArea,
  voiceArea,
  recordingsArea,
  settingsArea,
  hubArea,
  facesArea,
]);

function collectHandlers(areas: readonly Area[]): Readonly<Record<RouteOp, Handler>> {
  const out: Partial<Record<RouteOp, Handler>> = {};
  for (const area of areas) {
    for (const [op, fn] of Object.entries(area.handlers) as [RouteOp, Handler][]) {
      if (out[op]) throw new Error(`simulator: two areas handle ${op}`);
      if (!ROUTES.some((r) => r.op === op)) throw new Error(`simulator: ${op} has a handler but no route (routes.ts)`);
      out[op] = fn;
    }
  }
  for (const r of ROUTES) if (!out[r.op]) throw new Error(`simulator: no area handles ${r.op} (${r.path})`);
  return Object.freeze(out as Record<RouteOp, Handler>);
}

/** The handler of each operation of the route table. */
export const HANDLERS: Readonly<Record<RouteOp, Handler>> = collectHandlers(AREAS);

/** Paths the areas serve themselves (pictures), outside the API and /sim/. */
export const SERVED: readonly ServedPath[] = Object.freeze(AREAS.flatMap((a) => a.served ?? []));

/** The areas' admin endpoints (under /sim/) and their lines in the admin index. */
export const AREA_ADMIN: Readonly<AdminRoutes> = Object.freeze(
  Object.assign({}, ...AREAS.map((a) => a.admin ?? {})) as AdminRoutes,
);
export const AREA_ADMIN_INDEX: readonly string[] = Object.freeze([
  ...AREAS.flatMap((a) => a.adminIndex ?? []),
  ...SERVED.map((s) => s.index),
]);
