// A camera's face list (features/alarms/face-list.ts and face-line.ts, docs/behaviour.md section 27,
// docs/api/events-api.md section 3.2): the documented GET first and one POST only when that is
// refused as a method or a path; asked once per camera and kept; a camera without a list not asked
// again; a face id the list lacks asks again an hour later at the soonest; names never made up;
// the alarms leave in their order.

import assert from 'assert';
import { EzvizError } from '../../../../client/errors/errors';
import { hooks, resetHooks } from '../../../../client/clock/clock';
import { FACE_LIST, FACE_LIST_POST } from '../../../../client/operations/alarm-calls';
import type { CallSpec } from '../../../../client/operations/call-spec';
import type { CallResult, Owner } from '../../../../client/requests/call-types';
import {
  askFaceList,
  FACE_ASK_AGAIN_MS,
  FaceBook,
  faceNamesOf,
  methodRefused,
} from '../../../../features/alarms/face-list';
import { FaceLine } from '../../../../features/alarms/face-line';
import type { OutEvent } from '../../../../features/alarms/source-filters';

const owner: Owner = { id: 'n1', closed: false } as unknown as Owner;
const list = (data: unknown): CallResult => ({
  kind: 'ok',
  reply: { code: '200', msg: '', data },
  fields: {},
  durationMs: 1,
});
const failed = (code: string, source: EzvizError['source'], message = 'no', retriable = false): CallResult => ({
  kind: 'error',
  error: new EzvizError({ code, message, operation: 'face-list', source, retriable }),
  fields: {},
  durationMs: 1,
});

/** An ask that answers in turn and records what it was asked. */
function asker(...answers: CallResult[]) {
  const asked: { serial: string; spec: CallSpec }[] = [];
  const ask = async (serial: string, spec: CallSpec) => {
    asked.push({ serial, spec });
    return answers.shift() ?? failed('49999', 'api', 'exhausted', true);
  };
  return { asked, ask };
}

describe('face list: the documented GET, one POST on a method refusal', () => {
  it('asks with GET as the notes say; a good answer is the answer', async () => {
    const specs: CallSpec[] = [];
    const r = await askFaceList(async (spec) => (specs.push(spec), list([{ faceId: 'a', name: 'Alice' }])));
    assert.strictEqual(r.kind, 'ok');
    assert.deepStrictEqual(specs, [FACE_LIST]);
    assert.strictEqual(FACE_LIST.method, 'GET');
    assert.strictEqual(FACE_LIST_POST.method, undefined);
  });
  it('falls back once to POST on HTTP 404 or 405, or an API answer about the method; never a third time', async () => {
    for (const refusal of [
      failed('HTTP_404', 'http'),
      failed('HTTP_405', 'http'),
      failed('405', 'api'),
      failed('9999', 'api', "Request method 'GET' not supported"),
    ]) {
      const specs: CallSpec[] = [];
      const answers = [refusal, failed('HTTP_405', 'http')];
      const r = await askFaceList(async (spec) => (specs.push(spec), answers.shift()!));
      assert.deepStrictEqual(specs, [FACE_LIST, FACE_LIST_POST], refusal.kind === 'error' ? refusal.error.code : '');
      assert.strictEqual(r.kind === 'error' && r.error.code, 'HTTP_405', 'the POST refused too: that answer stands');
    }
  });
  it('does not fall back on any other failure (60020, 20007, a network failure, HTTP 500)', async () => {
    for (const other of [
      failed('60020', 'api'),
      failed('20007', 'api'),
      failed('ETIMEDOUT', 'network', 'timeout', true),
      failed('HTTP_500', 'http', 'busy', true),
    ]) {
      const specs: CallSpec[] = [];
      assert.strictEqual(methodRefused(other), false);
      await askFaceList(async (spec) => (specs.push(spec), other));
      assert.deepStrictEqual(specs, [FACE_LIST]);
    }
  });
  it('reads data [{faceId, name}], skipping items without both; anything else is no list', () => {
    const names = faceNamesOf([
      { faceId: '1a2b3c', name: 'Alice' },
      { faceId: 42, name: ' Bob ' },
      { faceId: 'x' },
      { name: 'nobody' },
      { faceId: '', name: 'empty' },
      null,
      'junk',
    ]);
    assert.deepStrictEqual(
      [...names!],
      [
        ['1a2b3c', 'Alice'],
        ['42', 'Bob'],
      ],
    );
    for (const bad of [null, undefined, {}, 'a', 7]) assert.strictEqual(faceNamesOf(bad), undefined);
  });
});

describe('face book: once per camera, kept, never made up', () => {
  let now = 1_000_000;
  beforeEach(() => {
    now = 1_000_000;
    hooks.now = () => now;
  });
  afterEach(() => resetHooks());

  it('asks a camera once for several alarms at once and after; another camera has its own ask', async () => {
    const { asked, ask } = asker(list([{ faceId: 'f1', name: 'Alice' }]), failed('60020', 'api'));
    const book = new FaceBook(ask);
    const names = await Promise.all([book.name('C1', 'f1', owner), book.name('C1', 'f1', owner)]);
    assert.deepStrictEqual(names, ['Alice', 'Alice']);
    assert.strictEqual(await book.name('C1', 'f1', owner), 'Alice');
    assert.strictEqual(await book.name('C2', 'f1', owner), undefined, 'C2 has no list: no name');
    assert.deepStrictEqual(
      asked.map((a) => a.serial),
      ['C1', 'C2'],
    );
  });
  it('a camera without a list (60020) or refusing both methods is not asked again, even hours later', async () => {
    const { asked, ask } = asker(failed('60020', 'api'), failed('HTTP_404', 'http'), failed('HTTP_405', 'http'));
    const book = new FaceBook(ask);
    assert.strictEqual(await book.name('C1', 'f1', owner), undefined);
    assert.strictEqual(await book.name('C2', 'f1', owner), undefined);
    now += 3 * FACE_ASK_AGAIN_MS;
    assert.strictEqual(await book.name('C1', 'f1', owner), undefined);
    assert.strictEqual(await book.name('C2', 'f1', owner), undefined);
    assert.deepStrictEqual(
      asked.map((a) => `${a.serial} ${a.spec.method ?? 'POST'}`),
      ['C1 GET', 'C2 GET', 'C2 POST'],
    );
  });
  it('a face id the list lacks, or a failed ask, asks again an hour later at the soonest', async () => {
    const { asked, ask } = asker(
      list([{ faceId: 'f1', name: 'Alice' }]),
      list([
        { faceId: 'f1', name: 'Alice' },
        { faceId: 'f2', name: 'Bob' },
      ]),
      failed('ETIMEDOUT', 'network', 'timeout', true),
      list([{ faceId: 'g', name: 'Gus' }]),
    );
    const book = new FaceBook(ask);
    assert.strictEqual(await book.name('C1', 'f2', owner), undefined);
    now += FACE_ASK_AGAIN_MS - 1;
    assert.strictEqual(await book.name('C1', 'f2', owner), undefined, 'not asked again within the hour');
    now += 1;
    assert.strictEqual(await book.name('C1', 'f2', owner), 'Bob');
    assert.strictEqual(asked.length, 2);
    // A camera whose first ask failed: no name, asked again an hour later.
    assert.strictEqual(await book.name('C3', 'g', owner), undefined);
    assert.strictEqual(await book.name('C3', 'g', owner), undefined);
    assert.strictEqual(asked.length, 3);
    now += FACE_ASK_AGAIN_MS;
    assert.strictEqual(await book.name('C3', 'g', owner), 'Gus');
    assert.strictEqual(asked.length, 4);
  });
});

describe('face line: names from the camera first, the alarms in order', () => {
  const alarm = (id: string, face?: string): OutEvent =>
    ({
      kind: 'alarm',
      alarm: { alarmId: id, deviceSerial: 'C1', ...(face ? { face: { id: face, name: null } } : {}) },
    }) as unknown as OutEvent;

  it("keeps the order while a face's name is asked; the name goes on the alarm; close lets the waiting go", async () => {
    let answer: (name: string | undefined) => void = () => undefined;
    const out: string[] = [];
    const line = new FaceLine({ name: () => new Promise<string | undefined>((r) => (answer = r)) }, owner, (e) =>
      out.push(e.kind === 'alarm' ? `${e.alarm.alarmId}:${e.alarm.face?.name ?? '-'}` : e.kind),
    );
    line.push(alarm('plain'), 'poll');
    line.push(alarm('face', 'f1'), 'poll');
    line.push(alarm('behind'), 'poll');
    assert.deepStrictEqual(out, ['plain:-']);
    answer('Alice');
    await new Promise((r) => setImmediate(r));
    assert.deepStrictEqual(out, ['plain:-', 'face:Alice', 'behind:-']);
    line.push(alarm('stranger', 'f9'), 'poll');
    line.push(alarm('after'), 'poll');
    line.close();
    assert.deepStrictEqual(out.slice(3), ['stranger:-', 'after:-'], 'close: at once, no name made up');
    answer('late');
    await new Promise((r) => setImmediate(r));
    assert.strictEqual(out.length, 5);
  });
});
