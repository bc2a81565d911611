// A stalled viewer beside a real player (docs/behaviour.md section 25): ffmpeg (`-i URL -c copy`)
// and a viewer that sends its GET and never reads watch one camera of the simulator. The
// simulator's pictures are a few KB a second, which the kernel's socket buffers would hold for
// minutes, so the test puts a front of its own before the simulator (the config node's base URL:
// the live address then points at it) that pads every picture with an H.264 filler NAL unit
// (decoders skip it) to about 6.4 Mbit/s. The stalled viewer is closed as slow at its bound (10 s
// of stream unsent: what the socket refused, once the kernel's buffers are full), once, before
// the end; ffmpeg's stream keeps its timing: no
// step over 1 s between packets, its pictures within 5 % of duration x 8 frames/s.

import assert from 'assert';
import { execFile, spawn } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as net from 'net';
import type { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { FlvReader, isSequenceHeader, writeHeader, writeTag } from '../../../client/flv';
import type { Simulator } from '../../../simulator';
import { HAS_FFMPEG, withFfmpeg } from '../../support/media-tools';
import { closeServer, collect, helper, type Msg, serveHttp, startSim, stopSim, unload } from '../../support/red';
import { loadStream } from '../../support/stream-node';

const KEY = 'stalled-Key_0123456789abcdef';
const CAPTURE_S = 25;
const FPS = 8;
/** Bytes of filler added to each picture: 100 KB x 8 a second, about 6.4 Mbit/s (the kernel's
 * buffers of a loopback socket that is not read took 4.4 MB, 22 s of a 1.6 Mbit/s stream). */
const FILLER = 100000;

/** An H.264 filler NAL unit (type 12) of `n` bytes, length-prefixed (4 bytes) as in FLV. */
function fillerNal(n: number): Buffer {
  const nal = Buffer.alloc(n, 0xff);
  nal[0] = 0x0c;
  nal[n - 1] = 0x80;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(n);
  return Buffer.concat([len, nal]);
}

/** The front: API calls passed to the simulator (with the front's Host: addresses point here),
 * its FLV streams read from the simulator and passed on with every picture padded. */
async function fatFront(simUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const sim = new URL(simUrl);
  const pad = fillerNal(FILLER);
  const srv = http.createServer((req, res) => {
    const up = http.request(
      { host: sim.hostname, port: sim.port, method: req.method, path: req.url, headers: req.headers },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        if (!String(req.url).includes('/v3/openlive/')) return void upRes.pipe(res);
        const reader = new FlvReader();
        upRes.on('data', (c: Buffer) => {
          for (const item of reader.push(c)) {
            if (item.kind === 'header') res.write(writeHeader(item.header.hasAudio, item.header.hasVideo));
            if (item.kind !== 'tag') continue;
            const t = item.tag;
            const fat = t.type === 9 && !isSequenceHeader(t) && (t.body[0] & 0x0f) === 7;
            res.write(writeTag(fat ? { type: t.type, body: Buffer.concat([t.body, pad]) } : t, t.timestamp));
          }
        });
        upRes.on('end', () => res.end());
      },
    );
    up.on('error', () => res.destroy());
    res.on('close', () => up.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        srv.closeAllConnections?.();
        srv.close(() => resolve());
      }),
  };
}

/** A viewer that sends its GET and never reads (its socket paused: the kernel's buffers fill). */
function stallViewer(url: string): net.Socket {
  const u = new URL(url);
  const socket = net.connect(Number(u.port), u.hostname, () => {
    socket.write(`GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\n\r\n`);
    socket.pause();
  });
  socket.on('error', () => undefined);
  return socket;
}

function dtsOf(file: string, kind: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-select_streams', kind === 'video' ? 'v' : 'a'];
    args.push('-show_entries', 'packet=dts_time', '-of', 'csv=p=0', file);
    execFile('ffprobe', args, { timeout: 60000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      resolve(stdout.split('\n').filter(Boolean).map(Number));
    });
  });
}

describe('ezviz-stream: a stalled viewer beside ffmpeg', function () {
  this.timeout(120000);
  let sim: Simulator;
  let front: { url: string; close(): Promise<void> } | undefined;
  let server: http.Server | undefined;
  let stalled: net.Socket | undefined;
  let dir = '';

  before(async () => {
    if (!HAS_FFMPEG) return;
    sim = await startSim({});
    front = await fatFront(sim.url);
  });
  after(async () => {
    stalled?.destroy();
    await unload();
    await closeServer(server);
    await front?.close();
    await stopSim(sim);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  withFfmpeg('the stalled viewer is closed as slow after its 10 s of stream; ffmpeg keeps its timing', async () => {
    await loadStream(front!.url, {}, { key: KEY }, { retryDelay: undefined });
    const got = collect(['ok', 'err']);
    let base: string;
    ({ server, base } = await serveHttp());
    const url = `${base}/ezviz/stream/C00000001-1.flv?key=${KEY}`;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-stalled-'));
    const file = path.join(dir, 'player.flv');
    const slowAt: number[] = [];
    const t0 = Date.now();
    helper.getNode('ok').on('input', (m: Msg) => {
      const e = m.payload as { event?: string; reason?: string };
      if (e.event === 'left' && e.reason === 'slow') slowAt.push(Date.now() - t0);
    });
    const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', url, '-t', String(CAPTURE_S), '-c', 'copy'];
    const ffmpeg = spawn('ffmpeg', [...args, '-f', 'flv', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    ffmpeg.stderr.on('data', (c: Buffer) => (said += c.toString()));
    stalled = stallViewer(url);
    const code = await new Promise<number | null>((resolve) => {
      const hard = setTimeout(() => ffmpeg.kill('SIGKILL'), (CAPTURE_S + 30) * 1000);
      ffmpeg.on('close', (c) => {
        clearTimeout(hard);
        resolve(c);
      });
    });
    assert.strictEqual(code, 0, said);
    assert.strictEqual(slowAt.length, 1, `slow viewers at ${slowAt.join(', ')} ms`);
    assert.ok(slowAt[0] >= 10000, `the stalled viewer closed ${slowAt[0]} ms after it joined, before 10 s of stream`);
    assert.ok(slowAt[0] < CAPTURE_S * 1000, `the stalled viewer closed ${slowAt[0]} ms after it joined`);
    assert.strictEqual(got.err.length, 0, JSON.stringify(got.err.map((m: Msg) => m.payload)));
    const video = await dtsOf(file, 'video');
    const audio = await dtsOf(file, 'audio');
    for (const [what, dts] of [
      ['video', video],
      ['audio', audio],
    ] as const) {
      assert.ok(dts.length > 10, `${what}: packets`);
      dts.slice(1).forEach((d, i) => assert.ok(d >= dts[i] && d - dts[i] <= 1, `${what}: ${dts[i]} -> ${d}`));
    }
    const expected = (video[video.length - 1] - video[0] + 1 / FPS) * FPS;
    assert.ok(Math.abs(video.length - expected) <= 0.05 * expected, `${video.length} pictures for ${expected}`);
    assert.ok(
      video[video.length - 1] - video[0] >= CAPTURE_S - 3,
      `ffmpeg read ${video[video.length - 1] - video[0]} s`,
    );
  });
});
