// Reply fuzzing of the picture path (docs/behaviour.md section 17): ezviz-alarm with
// `picture: download` (webhook source, in Node-RED) gets alarms whose picture URLs point at a
// server of our own that answers each GET as generated: JPEGs and PNGs under any content type,
// pictures encrypted with the right code, a wrong one or a camera's code nobody knows, with a
// preamble, two segments, 64 and 65 segments (more than 64: BAD_REPLY), cut at any length,
// garbage after the marker, the marker at odd places, random bytes, empty, over 5 MiB, endless (fast and trickling: a
// trickle fires its alarm's deadline at once), a huge declared length, redirects,
// odd statuses, a dropped connection, not HTTP at all. Alarms come in bursts of 1 to 4.
// Properties: nothing thrown, every alarm leaves exactly once and in order (never lost for its
// picture), within the timeout; a picture is a JPEG/PNG Buffer with its type or null with
// `pictureError {code, message}`; each case the oracle knows gets its answer (the right picture,
// WRONG_CODE, PICTURE_LOCKED, null); no redirect followed; no code in any message, status or log.

import assert from 'assert';
import http from 'http';
import type { AddressInfo } from 'net';
import fc from 'fast-check';
import { encryptPicture, paddedJpeg } from '../../simulator/areas/picture-crypt';
import { pictureBytes } from '../../simulator/areas/pictures';
import { forgetPushIds } from '../../features/alarms/webhook';
import { collect, hooks, httpNodeApp, load, Msg, resetHooks, secrets, unload } from '../support/red';
import { fuzzFlow } from './flows';
import {
  assertSaidClean,
  countOutcome,
  lightSpies,
  section,
  SEED,
  size,
  summary,
  takeTrapped,
  trapProcess,
} from './support';

const BURSTS = size(400, 30);
const CODE = 'QXZW7Y9K';
const OTHER = 'WRONG9CODE';
const TIMEOUT = 1500;
secrets.add(CODE);
secrets.add(OTHER);
const JPEG = pictureBytes();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const MARKER = Buffer.from('hikencodepicture', 'latin1');

/** How the server answers one picture GET, and what the alarm must carry (undefined: anything valid). */
interface Plan {
  what: string;
  serial: string;
  expect?: 'jpeg' | 'png' | 'null' | string;
  body?: Buffer;
  status?: number;
  type?: string;
  special?: 'big' | 'fast' | 'slow' | 'declared' | 'redirect' | 'drop' | 'nonhttp';
}

const ctype = fc.constantFrom('image/jpeg', 'text/html', 'application/octet-stream', 'application/json', '');
const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((u) => Buffer.from(u));
const good = encryptPicture(JPEG, CODE);
const plan: fc.Arbitrary<Plan> = fc.oneof(
  fc.tuple(ctype, fc.boolean()).map(([type, png]) => ({
    what: png ? 'png' : 'jpeg',
    serial: 'C00000005',
    body: png ? PNG : JPEG,
    type,
    expect: png ? 'png' : 'jpeg',
  })),
  fc
    .constantFrom<[string, Buffer, string, string]>(
      ['encrypted', good, 'C00000005', 'jpeg'],
      ['preamble', encryptPicture(JPEG, CODE, { preamble: Buffer.from('PRE\r\n\0') }), 'C00000005', 'jpeg'],
      ['segments', encryptPicture([JPEG, JPEG], CODE), 'C00000005', 'jpeg'],
      ['wrong code', encryptPicture(JPEG, OTHER), 'C00000005', 'WRONG_CODE'],
      ['no code known', good, 'C00000001', 'PICTURE_LOCKED'],
      ['1 MiB encrypted', encryptPicture(paddedJpeg(JPEG, 1 << 20), CODE), 'C00000005', 'jpeg'],
      ['64 segments', encryptPicture(Array(64).fill(JPEG), CODE), 'C00000005', 'jpeg'],
      ['65 segments', encryptPicture(Array(65).fill(JPEG), CODE), 'C00000005', 'BAD_REPLY'],
    )
    .chain(([what, body, serial, expect]) => ctype.map((type) => ({ what, body, serial, expect, type }))),
  // The decryptor keeps what came of a cut picture (its whole blocks: a partial JPEG) once one block is there.
  fc.nat(good.length - 1).map((n) => ({
    what: 'encrypted, cut',
    serial: 'C00000005',
    body: good.subarray(0, n),
    type: 'image/jpeg',
    expect: n < 48 + 16 ? 'null' : undefined,
  })),
  bytes(300).map((g) => ({ what: 'garbage after the picture', serial: 'C00000005', body: Buffer.concat([good, g]) })),
  fc.tuple(bytes(400), bytes(400)).map(([a, b]) => ({
    what: 'marker at an odd place',
    serial: 'C00000005',
    body: Buffer.concat([a, MARKER, b]),
    expect: 'null',
  })),
  fc.tuple(bytes(3000), ctype).map(([body, type]) => ({
    what: 'random bytes',
    serial: 'C00000005',
    body,
    type,
    expect: body.length > 3 && (body[0] === 0xff || body[0] === 0x89) ? undefined : 'null',
  })),
  fc
    .constantFrom<Plan['special']>('big', 'fast', 'slow', 'declared', 'redirect', 'drop', 'nonhttp')
    .map((special) => ({ what: special!, serial: 'C00000005', special, expect: 'null' })),
  fc.constantFrom(204, 301, 304, 400, 403, 404, 410, 429, 500, 502, 503, 599).map((status) => ({
    what: `HTTP ${status}`,
    serial: 'C00000005',
    status,
    body: JPEG,
    type: 'image/jpeg',
    expect: 'null',
  })),
);

/** The alarms' waits for their pictures (PictureLine's deadline: a hooks.timer of TIMEOUT ms per
 * alarm, made as the alarm comes in, so the n-th is alarm `pic-n`'s), each fired at most once. */
const deadlines: Array<() => void> = [];

function deadlineTimer(fn: () => void, ms: number): () => void {
  let over = false;
  const fire = (): void => {
    clearTimeout(h);
    if (over) return;
    over = true;
    fn();
  };
  const h = setTimeout(fire, ms);
  if (ms === TIMEOUT) deadlines.push(fire);
  return () => {
    clearTimeout(h);
    over = true;
  };
}

/** A trickle of a picture could only run into its alarm's deadline: that deadline fires as soon as
 * the trickle has begun (instead of 1.5 s later in real time), then the trickle ends. (The wire's
 * own deadline cutting a trickle: test/unit/features/alarms/picture.test.ts.) */
function stall(id: string, res: http.ServerResponse): void {
  const n = Number(/^pic-(\d+)$/.exec(id)?.[1]);
  setTimeout(() => {
    deadlines[n - 1]?.();
    res.destroy();
  }, 20);
}

function answer(p: Plan, id: string, req: http.IncomingMessage, res: http.ServerResponse): void {
  const s = p.special;
  if (s === 'drop') return void req.socket.destroy();
  if (s === 'nonhttp') return void req.socket.end('SURPRISE\r\n\r\nnot http at all');
  if (s === 'redirect') return void res.writeHead(302, { Location: '/target.jpg' }).end();
  if (s === 'declared')
    return void (
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': String(10 * 2 ** 30) }),
      res.write(JPEG),
      setTimeout(() => req.socket.destroy(), 50)
    );
  if (s === 'big')
    return void res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(paddedJpeg(JPEG, 5 * 1024 * 1024 + 100));
  if (s === 'fast' || s === 'slow') {
    res.writeHead(200, { 'Content-Type': 'image/jpeg' });
    res.write(JPEG.subarray(0, 3));
    const chunk = Buffer.alloc(s === 'fast' ? 65536 : 1, 1);
    const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(chunk)), s === 'fast' ? 1 : 100);
    res.on('close', () => clearInterval(t));
    if (s === 'slow') stall(id, res);
    return;
  }
  res.writeHead(p.status ?? 200, p.type ? { 'Content-Type': p.type } : {}).end(p.body);
}

describe('reliability: fuzzed picture replies of ezviz-alarm picture: download', function () {
  this.timeout(0);
  const plans = new Map<string, Plan>();
  let followed = 0;
  let pics: http.Server;
  let hook: http.Server;
  before(async () => {
    trapProcess();
    takeTrapped();
    pics = http.createServer((req, res) => {
      if (req.url === '/target.jpg') followed++;
      const p = plans.get(String(req.url).slice(1));
      if (!p) return void res.writeHead(404).end();
      answer(p, String(req.url).slice(1, -'.jpg'.length), req, res);
    });
    await new Promise<void>((r) => pics.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    resetHooks();
    forgetPushIds();
    await unload();
    for (const s of [pics, hook])
      if (s) {
        s.closeAllConnections();
        s.close();
      }
  });

  it(`${BURSTS} bursts of alarms with generated picture replies: each alarm once, in order, its picture or why not`, async () => {
    const started = Date.now();
    await load(
      fuzzFlow(
        'http://127.0.0.1:9',
        // The picture server of this test is on loopback: allowed by name (PICTURE_HOST otherwise).
        { timeout: TIMEOUT, maxRetries: 1, pictureHosts: `127.0.0.1:${(pics.address() as AddressInfo).port}` },
        [
          {
            id: 'op',
            type: 'ezviz-alarm',
            source: 'webhook',
            path: '/fuzz/pics',
            interval: 60,
            deviceSerial: '',
            alarmType: '',
            picture: 'download',
          },
        ],
      ),
      { cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret', verificationCodes: `C00000005 ${CODE}` } },
    );
    lightSpies();
    hook = http.createServer(httpNodeApp() as http.RequestListener);
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/fuzz/pics`;
    const picBase = `http://127.0.0.1:${(pics.address() as AddressInfo).port}`;
    const out = collect(['ok', 'err']);
    hooks.timer = deadlineTimer;
    let seq = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(plan, { minLength: 1, maxLength: 4 }), async (burst) => {
        const first = out.ok.length;
        const ids = burst.map((p) => {
          const id = `pic-${++seq}`;
          plans.set(`${id}.jpg`, p);
          return id;
        });
        const sentAt = Date.now();
        for (const [i, id] of ids.entries()) {
          const body = JSON.stringify({
            header: {
              channelNo: 1,
              deviceId: burst[i].serial,
              messageId: `m-${id}`,
              messageTime: Date.now(),
              type: 'ys.alarm',
            },
            body: { alarmId: id, alarmTime: Date.now(), alarmType: 10002 },
            pictureList: [{ id, url: `${picBase}/${id}.jpg`, shortUrl: '' }],
          });
          const r = await fetch(hookUrl, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
          assert.strictEqual(r.status, 200, `${id}: the push acknowledged`);
        }
        await out.wait(first + ids.length, TIMEOUT * ids.length + 8000);
        const got = out.ok.slice(first);
        assert.deepStrictEqual(
          got.map((m: Msg) => m.payload.alarmId),
          ids,
          'each alarm once, in order',
        );
        assert.ok(Date.now() - sentAt < TIMEOUT * ids.length + 8000);
        for (const [i, m] of got.entries()) check(burst[i], m.payload);
        assert.strictEqual(out.err.length, 0, 'nothing on the error output');
        assert.deepStrictEqual(takeTrapped(), []);
        summary.messages += ids.length;
        for (const id of ids) plans.delete(`${id}.jpg`);
      }),
      { numRuns: BURSTS, seed: SEED + 29, endOnFailure: true },
    );
    assert.strictEqual(deadlines.length, seq, 'one picture deadline per alarm (stall() fires the right one)');
    assert.strictEqual(followed, 0, 'no redirect followed');
    assertSaidClean([CODE, OTHER]);
    section('fuzz alarm picture replies', started, `${seq} alarms in ${BURSTS} bursts, none lost`);
  });
});

/** One alarm's picture fields against its plan (invariants always; the oracle's answer when it knows). */
function check(p: Plan, payload: Msg): void {
  const { picture, pictureType, pictureError } = payload;
  const where = `${payload.alarmId} (${p.what})`;
  if (picture === null) {
    assert.ok(
      pictureError && typeof pictureError.code === 'string' && typeof pictureError.message === 'string',
      `${where}: why not`,
    );
    assert.strictEqual(pictureType, null, where);
    assert.ok(
      !JSON.stringify(pictureError).includes(CODE) && !JSON.stringify(pictureError).includes(OTHER),
      `${where}: no code`,
    );
  } else {
    assert.ok(Buffer.isBuffer(picture), `${where}: a Buffer or null`);
    const jpeg = picture[0] === 0xff && picture[1] === 0xd8;
    assert.ok(jpeg || picture[0] === 0x89, `${where}: a JPEG or PNG`);
    assert.strictEqual(pictureType, jpeg ? 'image/jpeg' : 'image/png', where);
    assert.strictEqual(pictureError, undefined, where);
    assert.ok(
      payload.pictureSuspect === undefined || payload.pictureSuspect === true,
      `${where}: pictureSuspect true or absent`,
    );
  }
  const got = picture === null ? pictureError.code : pictureType === 'image/png' ? 'png' : 'jpeg';
  countOutcome(`replies-pictures:${p.what}:${got}`);
  if (p.expect === 'null') assert.strictEqual(picture, null, `${where}: no picture (${got})`);
  else if (p.expect === 'jpeg' || p.expect === 'png') {
    assert.strictEqual(got, p.expect, `${where}: ${JSON.stringify(pictureError)}`);
    if (!['1 MiB encrypted', 'segments', '64 segments'].includes(p.what))
      assert.ok(picture.equals(p.expect === 'png' ? PNG : JPEG), where);
    // A whole picture's padding agrees (media-api.md 1.2): never flagged.
    assert.strictEqual(payload.pictureSuspect, undefined, `${where}: a whole picture is not suspect`);
  } else if (p.expect) assert.strictEqual(got, p.expect, where);
}
