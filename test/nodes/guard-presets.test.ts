// The card-password guard after 60030 and preset names in the config node's context.

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import { OPERATIONS } from '../../client/operations/operations';
import { forgetProcessCopies, PRESETS_KEY } from '../../client/camera/presets';
import { CARD_LOCK_MS } from '../../client/service/card-guard';
import { FakeClock } from '../../simulator';
import type { Simulator } from '../../simulator';
import { helper, load, run, TAB, text, unloadKeepingContext } from '../support/red';
import { withFileContext } from '../support/file-context';
import { fakeClockSimulator } from '../support/fake-time';

const OPEN = OPERATIONS['storage-open'].path;
const CREDS = { cfg: { accessToken: 'at.demo-token' } };
const at = { z: TAB, x: 100, y: 100 };

function flow(url: string, nodes: Array<[string, string]>, name = '') {
  return [
    { id: TAB, type: 'tab', label: 't' },
    { id: 'cfg', type: 'ezviz-config', name: 'sim', baseUrl: url, timeout: 2000, maxRetries: 1, retryDelay: 10 },
    ...nodes.map(([id, type]) => ({ id, type, name, config: 'cfg', ...at, wires: [['ok'], ['err']] })),
    { id: 'ok', type: 'helper', ...at },
    { id: 'err', type: 'helper', ...at },
  ];
}

describe('card password guard', function () {
  let sim: Simulator;
  let clock: FakeClock;
  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]), Date.parse('2026-04-01T08:00:00Z'), { runtimeNow: true });

  it('after 60030 the device is refused locally for 24 h, across a redeploy; other devices are not', async () => {
    const f = flow(sim.url, [['open', 'ezviz-storage-open']]);
    await load(f, CREDS);
    const wrong = (i: number, serial = 'C00000001') => ({
      payload: { deviceSerial: serial, cardPassword: `WRONG-CARD-${i}` },
    });
    for (let i = 0; i < 5; i++) assert.strictEqual((await run(wrong(i), 'open')).msg.error.code, '60031');
    const locked = await run(wrong(5), 'open');
    assert.deepStrictEqual([locked.msg.error.code, locked.msg.error.source], ['60030', 'api']);
    assert.strictEqual(sim.requestLog({ path: OPEN }).length, 6);

    const until = new Date(clock.now() + CARD_LOCK_MS).toISOString();
    const local = await run({ payload: { deviceSerial: 'c00000001', cardPassword: 'CARD-VALID-0001' } }, 'open');
    assert.strictEqual(local.port, 'err');
    assert.deepStrictEqual(local.msg.error, {
      code: '60030',
      source: 'local',
      operation: 'storage-open',
      retriable: false,
      message: text('errors.cardLocked', { serial: 'C00000001', until }),
    });
    assert.ok(!local.msg.error.message.includes('CARD-VALID-0001'));
    assert.strictEqual(sim.requestLog({ path: OPEN }).length, 6, 'nothing sent');

    // another device is not affected
    const other = await run({ payload: { deviceSerial: 'C0000000E', cardPassword: 'WRONG-CARD-X' } }, 'open');
    assert.deepStrictEqual([other.msg.error.code, other.msg.error.source], ['60031', 'api']);

    // a redeploy of the operation node keeps the guard (held by the config node)
    await helper.setFlows(
      f.map((n) => (n.id === 'open' ? { ...n, name: 'renamed' } : n)) as never,
      'nodes',
      CREDS as never,
    );
    clock.advance(CARD_LOCK_MS - 1000);
    const still = await run(wrong(6), 'open');
    assert.deepStrictEqual([still.msg.error.code, still.msg.error.source], ['60030', 'local']);
    assert.strictEqual(sim.requestLog({ path: OPEN }).length, 7);

    // after 24 h the request goes out again
    clock.advance(2000);
    const later = await run({ payload: { deviceSerial: 'C00000001', cardPassword: 'CARD-VALID-0001' } }, 'open');
    assert.strictEqual(later.port, 'ok', JSON.stringify(later.msg.error));
    assert.strictEqual(sim.requestLog({ path: OPEN }).length, 8);
  });

  it('a full redeploy (config node restarted) keeps the guard', async () => {
    const f = flow(sim.url, [['open', 'ezviz-storage-open']]);
    await load(f, CREDS);
    for (let i = 0; i < 6; i++)
      await run({ payload: { deviceSerial: 'C00000001', cardPassword: `WRONG-CARD-${i}` } }, 'open');
    assert.strictEqual(sim.requestLog({ path: OPEN }).slice(-1)[0].code, '60030');

    await helper.setFlows(
      f.map((n) => (n.id === 'cfg' ? { ...n, timeout: 3000 } : n)) as never,
      'full',
      CREDS as never,
    );
    const after = await run({ payload: { deviceSerial: 'C00000001', cardPassword: 'CARD-VALID-0001' } }, 'open');
    assert.deepStrictEqual([after.msg.error?.code, after.msg.error?.source], ['60030', 'local']);
    assert.strictEqual(sim.requestLog({ path: OPEN }).length, 6, 'nothing sent after the redeploy');
  });
});

describe('preset names', function () {
  let sim: Simulator;
  let clock: FakeClock;
  const NODES: Array<[string, string]> = [
    ['add', 'ezviz-preset-add'],
    ['call', 'ezviz-preset-call'],
    ['clear', 'ezviz-preset-clear'],
  ];
  const CAM = { deviceSerial: 'C00000001', channelNo: 1 };

  fakeClockSimulator((s, c) => {
    sim = s;
    clock = c;
    // The default state's presets 1 and 3 of C00000001 (example 04 calls them) go: these tests number their own.
    for (const i of ['1', '3']) delete sim.state.devices.C00000001.channels['1'].presets[i];
  }, Date.parse('2026-04-01T08:00:00Z'));
  afterEach(() => {
    helper.settings({ contextStorage: undefined });
  });

  it('add remembers, call and clear use the name, clear forgets, unknown names list the known ones', async () => {
    await load(flow(sim.url, NODES), CREDS);
    const door = await run({ payload: { ...CAM, presetName: 'door' } }, 'add');
    const gate = await run({ payload: { ...CAM, presetName: 'gate' } }, 'add');
    assert.deepStrictEqual(door.msg.payload, { index: 1, presetName: 'door' });
    assert.deepStrictEqual(gate.msg.payload, { index: 2, presetName: 'gate' });

    const c = await run({ payload: { ...CAM, presetName: 'gate' } }, 'call');
    assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
    assert.strictEqual(c.msg.ezviz.request.index, 2);
    assert.strictEqual(sim.requestLog().pop()!.fields.index, '2');

    const u = await run({ payload: { ...CAM, presetName: 'garden' } }, 'call');
    assert.deepStrictEqual([u.msg.error.code, u.msg.error.source], ['10001', 'validation']);
    assert.strictEqual(
      u.msg.error.message,
      text('validation.presetUnknown', { name: '"garden"', camera: 'C00000001/1', known: 'door, gate' }),
    );

    // other camera: nothing known there
    const o = await run({ payload: { deviceSerial: 'C0000000F', channelNo: 1, presetName: 'door' } }, 'call');
    assert.strictEqual(
      o.msg.error.message,
      text('validation.presetNoNames', { name: '"door"', camera: 'C0000000F/1' }),
    );

    clock.advance(5000);
    const cl = await run({ payload: { ...CAM, presetName: 'door' } }, 'clear');
    assert.strictEqual(cl.port, 'ok', JSON.stringify(cl.msg.error));
    assert.strictEqual(cl.msg.ezviz.request.index, 1);
    const gone = await run({ payload: { ...CAM, presetName: 'door' } }, 'call');
    assert.strictEqual(
      gone.msg.error.message,
      text('validation.presetUnknown', { name: '"door"', camera: 'C00000001/1', known: 'gate' }),
    );

    // clearing by number forgets the name of that number too
    clock.advance(5000);
    assert.strictEqual((await run({ payload: { ...CAM, index: 2 } }, 'clear')).port, 'ok');
    const none = await run({ payload: { ...CAM, presetName: 'gate' } }, 'call');
    assert.strictEqual(
      none.msg.error.message,
      text('validation.presetNoNames', { name: '"gate"', camera: 'C00000001/1' }),
    );
  });

  it('an index given beside a name wins', async () => {
    await load(flow(sim.url, NODES), CREDS);
    await run({ payload: { ...CAM, presetName: 'door' } }, 'add');
    await run({ payload: { ...CAM } }, 'add');
    const c = await run({ payload: { ...CAM, presetName: 'door', index: 2 } }, 'call');
    assert.strictEqual(c.msg.ezviz.request.index, 2);
  });

  it('names survive a full redeploy (memory context store)', async () => {
    const f = flow(sim.url, NODES);
    await load(f, CREDS);
    await run({ payload: { ...CAM, presetName: 'door' } }, 'add');
    await helper.setFlows(
      f.map((n) => (n.id === 'cfg' ? { ...n, timeout: 3000 } : n)) as never,
      'full',
      CREDS as never,
    );
    const c = await run({ payload: { ...CAM, presetName: 'door' } }, 'call');
    assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
    assert.strictEqual(c.msg.ezviz.request.index, 1);
  });

  it('names survive a restart with a file-backed context store', async () => {
    await withFileContext(
      'ezviz-ctx-',
      async (store) => {
        const f = flow(sim.url, NODES);
        await load(f, CREDS);
        await store.load();
        await run({ payload: { ...CAM, presetName: 'door' } }, 'add');
        await run({ payload: { ...CAM, presetName: 'gate' } }, 'add');
        await unloadKeepingContext();
        const files = store.files();
        // a global config node's context is stored like a flow's: context/<id>/flow.json
        const file = files.find((p) => p.split(path.sep).includes('cfg'));
        assert.ok(file, files.join(', '));
        assert.ok(fs.readFileSync(file, 'utf8').includes(PRESETS_KEY));

        // "restart": a fresh process (no in-process copy), a fresh runtime context reading the disk
        forgetProcessCopies();
        await load(f, CREDS);
        await store.load();
        const c = await run({ payload: { ...CAM, presetName: 'gate' } }, 'call');
        assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
        assert.strictEqual(c.msg.ezviz.request.index, 2);
      },
      () => load(flow(sim.url, NODES), CREDS),
    ); // a plain flow for afterEach
  });
});
