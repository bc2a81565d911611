// What the area tests share: a simulator with a fake clock per test, calls with the demo token,
// a camera's fields, and reading the pictures the simulator serves.

import { strict as assert } from 'assert';
import * as http from 'http';
import { performance } from 'perf_hooks';
import { FakeClock, ROUTES, startSimulator } from '../../../simulator';
import type { Simulator } from '../../../simulator';
import { callApi } from '../../support/simulator-http';
import type { ApiReply, Fields } from '../../support/simulator-http';

/** The default state's token of the demo account. */
export const T = 'at.demo-token';
const TOKEN_PATH = ROUTES.find((r) => r.op === 'token')!.path;

/** The running test's simulator and its clock: live bindings, set by `simulatorEach`'s hooks. */
export let sim: Simulator;
export let clock: FakeClock;

/** Inside a describe: before each test a simulator with a FakeClock at `start`; closed after. */
export function simulatorEach(start: number): void {
  beforeEach(async () => {
    clock = new FakeClock(start);
    sim = await startSimulator({ port: 0, clock });
  });
  afterEach(async () => {
    await sim.close();
  });
}

/** Channel 1 of a camera (plus `extra`). */
export const cam = (serial: string, extra: Fields = {}): Fields => ({ deviceSerial: serial, channelNo: 1, ...extra });

/** `call(op, fields)` with the demo token (token/get: the fields as they are) and `codeOf`, its
 * reply code, on the running test's simulator; `pathOf` names an op's path. */
export function apiCalls<O extends string>(
  pathOf: (op: O) => string,
): {
  call: (op: O | 'token', f: Fields) => Promise<ApiReply>;
  codeOf: (op: O, f: Fields) => Promise<string>;
} {
  const call = (op: O | 'token', f: Fields): Promise<ApiReply> =>
    callApi(sim.url, op === 'token' ? TOKEN_PATH : pathOf(op as O), op === 'token' ? f : { accessToken: T, ...f });
  const codeOf = async (op: O, f: Fields): Promise<string> => (await call(op, f)).code;
  return { call, codeOf };
}

/** Width and height from a baseline JPEG's SOF0 segment. */
export function jpegSize(buf: Buffer): { width: number; height: number } {
  assert.equal(buf.readUInt16BE(0), 0xffd8, 'SOI');
  assert.equal(buf.readUInt16BE(buf.length - 2), 0xffd9, 'EOI');
  let i = 2;
  while (i < buf.length) {
    const marker = buf.readUInt16BE(i);
    const len = buf.readUInt16BE(i + 2);
    if (marker === 0xffc0) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  throw new Error('no SOF0');
}

/** One GET to its end (a picture, a stream): status, headers, the body, and when it ended (ms after the GET). */
export function session(
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - t0,
          }),
        );
      })
      .on('error', reject);
  });
}

/** GET `url`: status, content type and body bytes. */
export async function getBytes(url: string): Promise<{ status: number; type?: string; body: Buffer }> {
  const r = await session(url);
  return { status: r.status, type: r.headers['content-type'], body: r.body };
}
