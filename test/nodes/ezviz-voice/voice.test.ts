// ezviz-voice in Node-RED against the simulator (docs/behaviour.md section 19): audio told by its
// bytes (wav, mp3, aac), limits checked before anything is sent, one upload per content and
// account reused while its URL lives, playing never sent twice (uncertain failure: retriable
// false; an upload is retried), a camera without a speaker (20015) with its hint.

import assert from 'assert';
import type { EzvizService } from '../../../client/service/service';
import type { FakeClock, Simulator } from '../../../simulator';
import { voiceState } from '../../../simulator/areas/voice';
import { aac, mp3, wav } from '../../support/audio';
import { collect, hooks, loadOp, node, resetHooks, run, unload } from '../../support/red';
import { fakeClockSimulator } from '../../support/fake-time';

const UPLOAD = '/api/lapp/voice/upload';
const SEND = '/api/lapp/voice/send';
const DOORBELL = { deviceSerial: 'C00000003', deviceSerialType: 'str' };

describe("ezviz-voice: audio on a camera's speaker", function () {
  let sim: Simulator;
  let clock: FakeClock;
  const uploads = () => sim.requestLog({ path: UPLOAD }).length;
  const sends = () => sim.requestLog({ path: SEND }).length;
  const played = () => voiceState(sim.state).played;

  fakeClockSimulator((s, c) => ([sim, clock] = [s, c]), Date.parse('2026-03-01T08:00:00Z'), { runtimeNow: true });
  beforeEach(() => {
    hooks.sleep = () => Promise.resolve();
  });
  afterEach(async () => {
    await unload();
    resetHooks();
  });

  it('uploads a wav once and plays it: {played, fileUrl}, msg.ezviz.voice, the log says what the camera played', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL });
    const { port, msg } = await run({ payload: wav(1500) });
    assert.strictEqual(port, 'ok', JSON.stringify(msg.error));
    assert.strictEqual(msg.payload.played, true);
    assert.match(msg.payload.fileUrl, /^http:\/\/127\.0\.0\.1:\d+\/sim-voice\/[0-9a-f]{24}\.wav\?Expires=\d+/);
    assert.deepStrictEqual(msg.ezviz.voice, {
      fileUrl: msg.payload.fileUrl,
      format: 'wav',
      durationMs: 1500,
      bytes: 44 + 24000,
      uploaded: true,
    });
    assert.deepStrictEqual(msg.ezviz.request, {
      deviceSerial: 'C00000003',
      channelNo: 1,
      fileUrl: msg.payload.fileUrl,
    });
    assert.strictEqual(uploads(), 1);
    const log = sim.requestLog({ path: SEND });
    assert.strictEqual(log.length, 1);
    assert.deepStrictEqual(log[0].played, {
      deviceSerial: 'C00000003',
      channelNo: 1,
      voiceName: played()[0].voiceName,
      format: 'wav',
      durationMs: 1500,
      bytes: 24044,
      via: 'send',
    });
    assert.match(String(sim.requestLog({ path: UPLOAD })[0].fields.accessToken), /^\*\*\*$/);
  });

  it('one upload per content: again, and 8 at once, reuse it; other audio is uploaded; a day later it is uploaded again', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL, count: 2 });
    const out = collect(['ok', 'err']);
    const audio = wav(800);
    node('op').receive({ payload: audio });
    await out.wait(1);
    for (let i = 0; i < 8; i++) node(i % 2 ? 'op' : 'op2').receive({ payload: Buffer.from(audio) });
    await out.wait(9);
    assert.strictEqual(out.err.length, 0, JSON.stringify(out.err[0]?.error));
    assert.strictEqual(uploads(), 1);
    assert.strictEqual(sends(), 9);
    assert.strictEqual(out.ok.filter((m) => m.ezviz.voice.uploaded).length, 1);
    assert.strictEqual(new Set(out.ok.map((m) => m.payload.fileUrl)).size, 1);
    node('op').receive({ payload: wav(800, 8000, 1) });
    await out.wait(10);
    assert.strictEqual(uploads(), 2);
    clock.advance(23 * 3600 * 1000 + 1000);
    node('op').receive({ payload: audio });
    await out.wait(11);
    assert.strictEqual(uploads(), 3, 'the URL lives a day: reused for at most 23 hours');
    assert.strictEqual(out.err.length, 0);
  });

  it('takes mp3 and aac (told by their bytes) and a voice file URL (no upload)', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL });
    const a = await run({ payload: mp3(100) });
    assert.strictEqual(a.port, 'ok', JSON.stringify(a.msg.error));
    assert.strictEqual(a.msg.ezviz.voice.format, 'mp3');
    assert.strictEqual(a.msg.ezviz.voice.durationMs, 2612);
    const b = await run({ payload: aac(50) });
    assert.strictEqual(b.port, 'ok', JSON.stringify(b.msg.error));
    assert.deepStrictEqual([b.msg.ezviz.voice.format, b.msg.ezviz.voice.durationMs], ['aac', 3200]);
    const c = await run({ payload: a.msg.ezviz.voice.fileUrl });
    assert.strictEqual(c.port, 'ok', JSON.stringify(c.msg.error));
    assert.deepStrictEqual(c.msg.ezviz.voice, { fileUrl: a.msg.payload.fileUrl });
    assert.strictEqual(uploads(), 2);
    assert.deepStrictEqual(
      played().map((p) => p.format),
      ['mp3', 'aac', 'mp3'],
    );
  });

  it('sends nothing for a bad payload: 10001 naming what is wrong', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL });
    const bad: Array<[unknown, RegExp]> = [
      [undefined, /Buffer of wav, mp3 or aac.*not undefined/],
      [42, /not number/],
      [{ a: 1 }, /not object/],
      [[1, 2], /not array/],
      [Buffer.alloc(0), /empty Buffer/],
      ['hello', /not an http\(s\) URL/],
      [Buffer.from('ID3 not audio at all, just text'), /no playable audio|not wav/],
      [Buffer.from('just some text, not audio'), /not wav, mp3 or aac/],
      [wav(61000), /longer than the 60 seconds/],
      [Buffer.concat([wav(1000), Buffer.alloc(5 * 1024 * 1024)]), /more than the 5\.00 MiB/],
      ['javascript:alert(1)', /not an http/],
      [`https://x/${'a'.repeat(3000)}`, /not an http/],
    ];
    for (const [payload, why] of bad) {
      const { port, msg } = await run({ payload });
      assert.strictEqual(port, 'err', String(payload));
      assert.strictEqual(msg.error.code, '10001');
      assert.strictEqual(msg.error.source, 'validation');
      assert.strictEqual(msg.error.retriable, false);
      assert.match(msg.error.message, why);
      assert.deepStrictEqual(msg.ezviz.request, { deviceSerial: 'C00000003', channelNo: 1 });
    }
    assert.strictEqual(sim.requestLog().length, 0, 'nothing sent');
  });

  it('output 2 keeps no payload value over 64 KiB: a too big voice Buffer is in msg.ezviz.input as {type, bytes}', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL });
    const big = Buffer.concat([wav(1000), Buffer.alloc(6 * 1024 * 1024)]);
    const { port, msg } = await run({ payload: big });
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.error.code, '10001');
    assert.deepStrictEqual(msg.ezviz.input, { type: 'Buffer', bytes: big.length });
    const inObject = await run({ payload: { voice: big, deviceSerial: 'C00000003' } });
    assert.strictEqual(inObject.port, 'err');
    assert.deepStrictEqual(inObject.msg.ezviz.input.voice, { type: 'Buffer', bytes: big.length });
    assert.ok(JSON.stringify(inObject.msg).length < 64 * 1024);
  });

  it('a camera without a speaker: 20015 with its hint, never retried', async () => {
    await loadOp('voice', sim.url, { props: { deviceSerial: 'C00000013', deviceSerialType: 'str' } });
    const { port, msg } = await run({ payload: wav(500) });
    assert.strictEqual(port, 'err');
    assert.strictEqual(msg.error.code, '20015');
    assert.match(msg.error.message, /\(code 20015\)$/); // the API's own words
    assert.match(msg.error.hint, /no speaker/);
    assert.strictEqual(msg.error.retriable, false);
    assert.strictEqual(sends(), 1);
    assert.strictEqual(played().length, 0);
  });

  it('never plays twice: a send that may have arrived fails, retriable false; an upload is retried', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL });
    sim.injectFault({ kind: 'http500', path: UPLOAD, count: 2 });
    const a = await run({ payload: wav(600) });
    assert.strictEqual(a.port, 'ok', JSON.stringify(a.msg.error));
    assert.strictEqual(uploads(), 3, 'the upload was retried');
    for (const kind of ['20008', 'http500', 'drop', '49999'] as const) {
      sim.clearLog();
      sim.injectFault({ kind, path: SEND, count: 1 });
      const { port, msg } = await run({ payload: wav(600) });
      assert.strictEqual(port, 'err', kind);
      assert.strictEqual(msg.error.retriable, false, kind);
      assert.strictEqual(sends(), 1, `${kind}: one send, never again`);
      assert.strictEqual(uploads(), 0, 'the upload was reused');
    }
    assert.strictEqual(played().length, 1);
  });

  it('a redeployed config node of the same account keeps its uploads', async () => {
    await loadOp('voice', sim.url, { props: DOORBELL });
    await run({ payload: wav(700) });
    const carried = node<{ service: EzvizService }>('cfg').service.carry();
    assert.strictEqual(carried.voices?.size, 1);
  });
});
