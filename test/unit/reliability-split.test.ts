// The full reliability run's split into two processes (test/reliability/run-full.ts): every test of
// the split files and every other reliability file runs in exactly one process, and the greedy
// split by measured time leaves the two within one unit of each other.

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import { OPERATIONS } from '../../client/operations/operations';
import { MEASURED, splitByTime } from '../reliability/run-full';

const DIR = path.join(__dirname, '../reliability');
const NAMES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.test.js'))
  .map((f) => f.slice(0, -'.test.js'.length))
  .sort();
const OPS = Object.keys(OPERATIONS).length;

describe('reliability: the full run split by measured time', () => {
  it('every reliability file runs, each test of replies, fuzz and fuzz-state in exactly one process', () => {
    const parts = splitByTime(NAMES);
    assert.strictEqual(parts.length, 2);
    const units = parts.flatMap((p) => p.units).sort();
    const expected = NAMES.flatMap((n) => {
      const count = { replies: OPS + 1, fuzz: OPS, 'fuzz-state': 2 }[n];
      return count ? Array.from({ length: count }, (_, i) => `${n}:${i}`) : [n];
    }).sort();
    assert.deepStrictEqual(units, expected);
    for (const p of parts)
      for (const u of p.units) assert.ok(p.files.includes(u.split(':')[0]), `${u}: its file runs in its process`);
    assert.ok(NAMES.includes('replies') && NAMES.includes('soak-events'), NAMES.join(', '));
  });

  it('the two processes differ by at most the longest unit; a new file counts too', () => {
    const measured = { a: 50, b: 40, c: 30, 'fuzz:0': 25, 'fuzz:1': 20 };
    const parts = splitByTime(['a', 'b', 'c', 'fuzz', 'new'], measured);
    // Longest first: a 50 | new 30 (unmeasured) + b 40 | ... each to the least loaded.
    const secs = parts.map((p) => p.seconds);
    assert.strictEqual(
      secs.reduce((x, y) => x + y),
      50 + 40 + 30 + 30 + 25 + 20 + (OPS - 2) * 30,
    );
    assert.ok(Math.abs(secs[0] - secs[1]) <= 50, JSON.stringify(parts));
    assert.ok(parts.some((p) => p.units.includes('new')));
    const real = splitByTime(NAMES).map((p) => p.seconds);
    assert.ok(Math.abs(real[0] - real[1]) <= Math.max(...Object.values(MEASURED)), `measured split ${real}`);
  });
});
