// Where Node-RED's editor draws an example's nodes (test/nodes/examples.test.ts,
// test/unit/examples-layout.test.ts): a node's box from its x, y and label, and the status line under it.

import type { FlowNode } from './examples-run';

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** A node's box on the canvas as Node-RED draws it: about 7 px per letter of its label plus the
 * icon, 30 px high (15 px per output past two), an inject's button left of it, a debug's right. */
export function boxOf(n: FlowNode): Box {
  const w = Math.max(100, 20 * Math.ceil((7 * String(n.name || n.label || n.type).length + 57) / 20));
  const h = Math.max(30, 15 * (n.wires?.length > 2 ? n.wires.length : 0));
  return {
    left: n.x - w / 2 - (n.type === 'inject' ? 25 : 0),
    right: n.x + w / 2 + (n.type === 'debug' ? 25 : 0),
    top: n.y - h / 2,
    bottom: n.y + h / 2,
  };
}

/** The box with the status line under it (EZVIZ nodes show one: a dot and a short text, about
 * 160 px wide, 20 px below the node). */
export function boxWithStatus(n: FlowNode): Box {
  const b = boxOf(n);
  if (typeof n.type !== 'string' || !/^(ezviz-|ui-ezviz-)/.test(n.type) || n.type === 'ezviz-config') return b;
  return { ...b, right: Math.max(b.right, b.left + 160), bottom: b.bottom + 20 };
}

export const overlap = (a: Box, b: Box): boolean =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
