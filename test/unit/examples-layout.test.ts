// The examples as the editor shows them (CONTRIBUTING.md, Examples): in a tab, no node and no EZVIZ
// node's status line covers another node, so each example reads as it was drawn (07, 10 and 15
// had an inject's long name under the node beside it).

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import { boxWithStatus, overlap } from '../support/example-boxes';
import type { FlowNode } from '../support/examples-run';

const DIR = path.resolve(__dirname, '..', '..', '..', 'examples');

describe('examples: nothing covers anything when imported', () => {
  for (const f of fs.readdirSync(DIR).filter((x) => x.endsWith('.json'))) {
    it(`${f}: no two nodes (with their status lines) overlap`, () => {
      const placed = (JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as FlowNode[]).filter(
        (n) => typeof n.x === 'number' && n.type !== 'comment',
      );
      const problems: string[] = [];
      for (const [i, a] of placed.entries()) {
        const ba = boxWithStatus(a);
        for (const b of placed.slice(i + 1)) {
          if (a.z === b.z && overlap(ba, boxWithStatus(b)))
            problems.push(
              `${a.type} "${a.name ?? ''}" (${a.x},${a.y}) and ${b.type} "${b.name ?? ''}" (${b.x},${b.y})`,
            );
        }
      }
      assert.deepStrictEqual(problems, []);
    });
  }
});
