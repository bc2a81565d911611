// Every example in examples/ works on a fresh simulator as it is (issue 22): the simulator started
// the way the README says (its command line, on a free port instead of 8089), a fresh Node-RED,
// each example imported on top of the ones before and deployed, every inject pressed top to
// bottom. A press may bring an error (output 2) to the debug sidebar only when the inject's name
// says which, `... (20007)` (see test/support/examples-run.ts and CONTRIBUTING.md); then it must.
// New example files join by themselves. The examples share one demo account (one config node id).

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from '../support/browser-env';
import {
  errorIn, expectedCodes, startExampleWorld, type ExampleWorld, type FlowNode, type Seen,
} from '../support/examples-run';

const DIR = path.join(ROOT, 'examples');
const FILES = fs.readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();
const read = (f: string): FlowNode[] => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8'));
/** The one demo account every example carries (the first example's). */
const ACCOUNT = read(FILES[0]).find((n) => n.type === 'ezviz-config')!;

/** What a press showed, for failure messages. */
function describeSeen(seen: Seen[]): string {
  return seen.filter((s) => s.kind !== 'status' || s.value?.fill === 'red')
    .map((s) => `    ${s.kind} ${s.node ?? ''}: ${JSON.stringify(s.value).slice(0, 300)}`).join('\n') || '    (nothing)';
}

/** Injects of a flow in the order a reader presses them: tab by tab, top to bottom, left to right. */
function injectsOf(nodes: FlowNode[]): FlowNode[] {
  const tabs = nodes.filter((n) => n.type === 'tab').map((n) => n.id);
  return nodes.filter((n) => n.type === 'inject')
    .sort((a, b) => tabs.indexOf(a.z) - tabs.indexOf(b.z) || a.y - b.y || a.x - b.x);
}

describe('examples: each one runs as it is on a fresh simulator (import, deploy, press every inject)', function () {
  this.timeout(600000);
  let world: ExampleWorld | undefined;
  const pictures: string[] = [];

  before(async function () {
    this.timeout(120000);
    world = await startExampleWorld();
  });

  after(async function () {
    this.timeout(30000);
    if (world) await world.stop();
  });

  it('every example uses the one demo account (same config node id and settings), none brings another', () => {
    for (const f of FILES) {
      const configs = read(f).filter((n) => n.type === 'ezviz-config');
      assert.equal(configs.length, 1, `${f}: one ezviz-config node`);
      assert.deepEqual(configs[0], ACCOUNT, `${f}: the config node must be the shared demo account of ${FILES[0]} (id ${ACCOUNT.id})`);
      for (const n of read(f)) {
        if (typeof n.type === 'string' && n.type.startsWith('ezviz-') && n.type !== 'ezviz-config') {
          assert.equal(n.config, ACCOUNT.id, `${f}: node ${n.id} (${n.type}) must use the demo account`);
        }
      }
    }
  });

  it('tab labels need no HTML escaping (the tab tooltip showed "-&gt;")', () => {
    for (const f of FILES) for (const t of read(f).filter((n) => n.type === 'tab')) {
      assert.ok(!/[<>&"]/.test(t.label), `${f}: tab label ${JSON.stringify(t.label)}`);
    }
  });

  it('every example fits a 1500 px wide canvas (a node is about 7 px per letter of its label wide)', () => {
    for (const f of FILES) for (const n of read(f).filter((x) => typeof x.x === 'number')) {
      const right = n.x + (7 * String(n.name || n.label || n.type).length + 60) / 2;
      assert.ok(right <= 1500, `${f}: ${n.type} "${n.name ?? ''}" ends at about ${Math.round(right)} px`);
    }
  });

  for (const file of FILES) {
    it(`${file}: every inject ends as its name says`, async function () {
      const nodes = read(file);
      await world!.importAndDeploy(nodes);
      const afterDeploy = world!.drain().filter((s) => s.kind !== 'status' && (s.kind === 'log' || errorIn(s.value)));
      assert.deepEqual(afterDeploy, [], `${file}: errors after deploy, before any press:\n${describeSeen(afterDeploy)}`);
      const problems: string[] = [];
      for (const inject of injectsOf(nodes)) {
        const seen = await world!.press(inject.id);
        const want = expectedCodes(inject.name);
        const errors = seen.filter((s) => s.kind === 'debug').map((s) => errorIn(s.value)).filter((e) => e !== undefined);
        const logged = seen.filter((s) => s.kind === 'log');
        const label = `"${inject.name}" (${inject.id})`;
        for (const s of seen) if (s.kind === 'debug' && typeof s.value === 'string' && s.value.includes('/sim-pictures/')) pictures.push(file);
        if (!seen.some((s) => s.kind !== 'log')) problems.push(`${label}: nothing in the debug sidebar or a status`);
        if (logged.length) problems.push(`${label}: Node-RED logged:\n${describeSeen(logged)}`);
        if (want.length === 0 && errors.length) {
          problems.push(`${label} sent an error to the debug sidebar, and its name does not say so ("... (code)"):\n${describeSeen(seen)}`);
        }
        if (want.length && !errors.length) problems.push(`${label}: expected an error ${want.join('/')}, none came:\n${describeSeen(seen)}`);
        for (const e of errors) {
          if (want.length && !want.includes(e!.code)) problems.push(`${label}: error ${e!.code} (${e!.message}), the name says ${want.join('/')}`);
        }
      }
      assert.deepEqual(problems, [], `${file}:\n${problems.join('\n')}`);
    });
  }

  it('example 04: the alarm raised by its own inject ends in a picture URL', function () {
    if (!FILES.includes('04-motion-preset-picture.json')) this.skip();
    assert.ok(pictures.includes('04-motion-preset-picture.json'), 'no picture URL in the debug sidebar');
  });
});
