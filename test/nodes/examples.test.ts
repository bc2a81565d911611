// Every example in examples/ works on a fresh simulator as it is: the simulator started
// the way the README says (its command line, on a free port instead of 8089), a fresh Node-RED,
// each example imported on top of the ones before and deployed, every inject pressed top to
// bottom. A press may bring an error (output 2) to the debug sidebar only when the inject's name
// says which, `... (20007)` (see test/support/examples-run.ts and CONTRIBUTING.md); then it must.
// New example files join by themselves. The examples share one demo account (one config node id).
// Time: a preset call takes 200 ms instead of 2 s (POST /sim/settings on the simulator started from
// its command line) and the runtime's sleeps a tenth (test/support/examples-clock.ts: the spacing
// of writes and captures); each press waits for its outcome, then a short quiet, and what comes
// later still counts for it.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from '../support/browser-env';
import {
  errorIn,
  expectedCodes,
  reachable,
  startExampleWorld,
  type ExampleWorld,
  type FlowNode,
  type Seen,
} from '../support/examples-run';
import { boxOf, overlap } from '../support/example-boxes';

const DIR = path.join(ROOT, 'examples');
const FILES = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();
const read = (f: string): FlowNode[] => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8'));
/** The one demo account every example carries (the first example's). */
const ACCOUNT = read(FILES[0]).find((n) => n.type === 'ezviz-config')!;

/** Each node's wires (every output), for the nodes a press reaches. */
const wiresOf = (nodes: FlowNode[]): Map<string, string[]> =>
  new Map(nodes.map((n) => [n.id as string, ((n.wires ?? []) as string[][]).flat()]));

/** What a press showed, for failure messages. */
function describeSeen(seen: Seen[]): string {
  return (
    seen
      .filter((s) => s.kind !== 'status' || s.value?.fill === 'red')
      .map((s) => `    ${s.kind} ${s.node ?? ''}: ${JSON.stringify(s.value).slice(0, 300)}`)
      .join('\n') || '    (nothing)'
  );
}

/** Injects of a flow in the order a reader presses them: tab by tab, top to bottom, left to right. */
function injectsOf(nodes: FlowNode[]): FlowNode[] {
  const tabs = nodes.filter((n) => n.type === 'tab').map((n) => n.id);
  return nodes
    .filter((n) => n.type === 'inject')
    .sort((a, b) => tabs.indexOf(a.z) - tabs.indexOf(b.z) || a.y - b.y || a.x - b.x);
}

describe('examples: each one runs as it is on a fresh simulator (import, deploy, press every inject)', function () {
  this.timeout(600000);
  let world: ExampleWorld | undefined;
  const pictures: string[] = [];
  /** What example 09's debug nodes showed (the pictures' sizes and types, the file saved). */
  const shown09: Seen['value'][] = [];

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
      assert.deepEqual(
        configs[0],
        ACCOUNT,
        `${f}: the config node must be the shared demo account of ${FILES[0]} (id ${ACCOUNT.id})`,
      );
      for (const n of read(f)) {
        if (typeof n.type === 'string' && n.type.startsWith('ezviz-') && n.type !== 'ezviz-config') {
          assert.equal(n.config, ACCOUNT.id, `${f}: node ${n.id} (${n.type}) must use the demo account`);
        }
      }
    }
  });

  it('tab labels need no HTML escaping (the tab tooltip showed "-&gt;")', () => {
    for (const f of FILES)
      for (const t of read(f).filter((n) => n.type === 'tab')) {
        assert.ok(!/[<>&"]/.test(t.label), `${f}: tab label ${JSON.stringify(t.label)}`);
      }
  });

  it('every example fits a 1500 px wide canvas from its left edge, and no node stands over a comment', () => {
    const problems: string[] = [];
    for (const f of FILES) {
      const placed = read(f).filter((x) => typeof x.x === 'number');
      for (const n of placed) {
        const b = boxOf(n);
        if (b.left < 0 || b.right > 1500)
          problems.push(`${f}: ${n.type} "${n.name ?? ''}" spans ${Math.round(b.left)}..${Math.round(b.right)} px`);
      }
      for (const c of placed.filter((n) => n.type === 'comment')) {
        for (const n of placed.filter((m) => m !== c && m.z === c.z && overlap(boxOf(c), boxOf(m)))) {
          problems.push(`${f}: ${n.type} "${n.name ?? ''}" stands over the comment "${c.name}"`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  it('example 02: every direction it moves C00000001 in has its way back (a limit is never a dead end)', () => {
    const nodes = read('02-ptz-control.json');
    const start = nodes.find((n) => n.type === 'ezviz-ptz-start')!;
    const moves = nodes
      .filter((n) => n.type === 'inject' && n.wires.flat().includes(start.id))
      .map((n) => JSON.parse(n.payload))
      .filter((p) => p.deviceSerial === 'C00000001')
      .map((p) => p.direction);
    const back: Record<string, string> = { left: 'right', right: 'left', up: 'down', down: 'up' };
    for (const d of moves)
      if (back[d]) assert.ok(moves.includes(back[d]), `moves ${d} but never ${back[d]}: ${moves.join(', ')}`);
  });

  for (const file of FILES) {
    it(`${file}: every inject ends as its name says`, async function () {
      const nodes = read(file);
      const deployed = await world!.importAndDeploy(nodes);
      // Every inject pressed, then what each brought read: a press's list holds all that came until
      // the next press, so nothing that comes late is lost.
      const pressed: Array<[FlowNode, Seen[]]> = [];
      for (const inject of injectsOf(nodes)) pressed.push([inject, await world!.press(inject.id)]);
      await world!.settled();
      const afterDeploy = deployed.filter((s) => s.kind !== 'status' && (s.kind === 'log' || errorIn(s.value)));
      assert.deepEqual(
        afterDeploy,
        [],
        `${file}: errors after deploy, before any press:\n${describeSeen(afterDeploy)}`,
      );
      const problems: string[] = [];
      for (const [inject, seen] of pressed) {
        const reached = reachable(wiresOf(nodes), inject.id);
        const want = expectedCodes(inject.name);
        const errors = seen
          .filter((s) => s.kind === 'debug')
          .map((s) => errorIn(s.value))
          .filter((e) => e !== undefined);
        const logged = seen.filter((s) => s.kind === 'log');
        const label = `"${inject.name}" (${inject.id})`;
        for (const s of seen)
          if (s.kind === 'debug' && typeof s.value === 'string' && s.value.includes('/sim-pictures/'))
            pictures.push(file);
        if (file.startsWith('09-')) shown09.push(...seen.filter((s) => s.kind === 'debug').map((s) => s.value));
        if (!seen.some((s) => s.kind !== 'log')) problems.push(`${label}: nothing in the debug sidebar or a status`);
        if (logged.length) problems.push(`${label}: Node-RED logged:\n${describeSeen(logged)}`);
        if (want.length === 0 && errors.length) {
          problems.push(
            `${label} sent an error to the debug sidebar, and its name does not say so ("... (code)"):\n${describeSeen(seen)}`,
          );
        }
        // A node the press reaches ends red only on a press that names its code: an outcome the
        // flow handles (example 04's preset call) is no red left behind.
        if (want.length === 0) {
          for (const st of seen) {
            if (st.kind === 'status' && st.value?.fill === 'red' && reached.has(st.node!)) {
              problems.push(`${label}: ${st.node} turned red (${st.value.text}), and the name does not say so`);
            }
          }
        }
        if (want.length && !errors.length)
          problems.push(`${label}: expected an error ${want.join('/')}, none came:\n${describeSeen(seen)}`);
        for (const e of errors) {
          if (want.length && !want.includes(e!.code))
            problems.push(`${label}: error ${e!.code} (${e!.message}), the name says ${want.join('/')}`);
        }
      }
      assert.deepEqual(problems, [], `${file}:\n${problems.join('\n')}`);
    });
  }

  it('example 06: pressed twice, C00000001 (hls) shows msg.ezviz.shared true in the debug sidebar', async function () {
    if (!FILES.includes('06-live-address.json')) this.skip();
    const inject = read('06-live-address.json').find((n) => n.type === 'inject' && n.name === 'C00000001 (hls)')!;
    await world!.press(inject.id); // (later examples' deploys restarted the account: a fresh cache)
    const seen = await world!.press(inject.id);
    const shown = seen.filter((s) => s.kind === 'debug').map((s) => s.value);
    assert.ok(
      shown.some((v) => v?.ezviz?.shared === true),
      `the debug sidebar showed ${JSON.stringify(shown).slice(0, 400)}`,
    );
  });

  it("example 08: its webhook is registered at this Node-RED's port (not 1880): every push acknowledged", async function () {
    if (!FILES.includes('08-alarms-as-they-happen.json')) this.skip();
    const view = (await (await fetch(`${world!.simUrl}/sim/view`)).json()) as {
      webhook: { url: string; failed: number; lastFailed: unknown[] };
    };
    assert.equal(new URL(view.webhook.url).port, new URL(world!.redUrl).port, JSON.stringify(view.webhook));
    const pushes = ((await (await fetch(`${world!.simUrl}/sim/webhook`)).json()) as { pushes: { acked: boolean }[] })
      .pushes;
    assert.ok(pushes.length > 0 && pushes.some((p) => p.acked), JSON.stringify(pushes).slice(0, 400));
    assert.equal(view.webhook.failed, 0, JSON.stringify(view.webhook.lastFailed));
  });

  it("example 09: the encrypted camera's alarm picture and capture arrive decrypted (JPEG), the picture saved", function () {
    if (!FILES.includes('09-pictures-you-can-see.json')) this.skip();
    const jpegs = shown09.filter(
      (v) =>
        v?.deviceSerial === 'C00000005' &&
        v.jpeg === true &&
        v.type === 'image/jpeg' &&
        v.wasEncrypted === true &&
        v.bytes > 1000 &&
        v.pictureError === null,
    );
    assert.equal(jpegs.length, 2, `alarm and capture, decrypted: ${JSON.stringify(shown09).slice(0, 600)}`);
    assert.ok(
      shown09.includes('ezviz-alarm-picture.jpg'),
      `the file node saved it: ${JSON.stringify(shown09).slice(0, 600)}`,
    );
    assert.ok(!JSON.stringify(shown09).includes('ABCDEF'), 'no code in the debug sidebar');
  });

  it('example 09 with a wrong verification code: the alarm picture that did not arrive is not saved, the debug says so', async function () {
    if (!FILES.includes('09-pictures-you-can-see.json')) this.skip();
    const nodes = read('09-pictures-you-can-see.json');
    const raise = nodes.find((n) => n.type === 'inject' && n.name === 'raise an alarm on C00000005')!;
    const notSaved = nodes.find((n) => n.type === 'debug' && n.name === 'no picture: not saved')!;
    const saved = nodes.find((n) => n.type === 'debug' && n.name === 'saved')!;
    const file = path.join(world!.userDir, 'ezviz-alarm-picture.jpg');
    assert.ok(fs.existsSync(file), 'the run with the right code saved the picture');
    fs.rmSync(file);
    const codes = (verificationCodes: string) => (n: FlowNode) =>
      n.id === ACCOUNT.id ? { ...n, credentials: { verificationCodes } } : n;
    await world!.redeploy(codes('C00000005 ZZZZZZ'));
    try {
      const seen = await world!.press(raise.id);
      await world!.settled();
      const shown = (id: string) => seen.filter((s) => s.kind === 'debug' && s.node === id).map((s) => s.value);
      assert.deepEqual(
        shown(notSaved.id).map((v) => v?.code),
        ['WRONG_CODE'],
        `what the debug showed: ${JSON.stringify(seen).slice(0, 600)}`,
      );
      assert.deepEqual(shown(saved.id), [], 'nothing said "saved"');
      assert.ok(!fs.existsSync(file), `no file written: ${fs.existsSync(file) && fs.readFileSync(file, 'utf8')}`);
    } finally {
      await world!.redeploy(codes(ACCOUNT.credentials.verificationCodes));
    }
  });

  it('example 04: the alarm raised by its own inject ends in a picture URL', function () {
    if (!FILES.includes('04-motion-preset-picture.json')) this.skip();
    assert.ok(pictures.includes('04-motion-preset-picture.json'), 'no picture URL in the debug sidebar');
  });
});
