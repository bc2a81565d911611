// The picture download of ezviz-capture (docs/behaviour.md sections 8 and 11) against servers of our own
// on 127.0.0.1 that misbehave: too large (declared or streamed), trickling past the deadline,
// redirecting elsewhere, answering HTML, failing. Nothing of the account is sent.

import assert from 'assert';
import http from 'http';
import type { AddressInfo } from 'net';
import { EzvizClient } from '../../../../client/wire/client';
import { fetchPicture as fetchWith, MAX_PICTURE_BYTES } from '../../../../client/wire/picture';

/** Through a client of its own with `timeout` (a config node's client), closed afterwards. */
async function fetchPicture(url: string, timeout: number) {
  const client = new EzvizClient({ timeout, env: {} });
  try {
    return await fetchWith((u, max) => client.get(u, max), url);
  } finally {
    client.close();
  }
}

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1000, 7), Buffer.from([0xff, 0xd9])]);

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function serve(
  handler: Handler,
): Promise<{ url: string; close(): Promise<void>; requests: http.IncomingMessage[] }> {
  const requests: http.IncomingMessage[] = [];
  const sockets = new Set<import('net').Socket>();
  const server = http.createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('capture: picture download against misbehaving servers', function () {
  const servers: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const start = async (h: Handler) => {
    const s = await serve(h);
    servers.push(s);
    return s;
  };

  it('a JPEG comes back as a Buffer; nothing of the account goes with it', async () => {
    const s = await start((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': JPEG.length });
      res.end(JPEG);
    });
    const r = await fetchPicture(`${s.url}/p/1.jpg?sig=abc`, 2000);
    assert.ok(r.ok);
    assert.ok(r.ok && r.data.equals(JPEG));
    const h = s.requests[0].headers;
    assert.strictEqual(s.requests[0].url, '/p/1.jpg?sig=abc');
    assert.strictEqual(s.requests[0].method, 'GET');
    for (const name of ['authorization', 'cookie', 'proxy-authorization']) assert.strictEqual(h[name], undefined, name);
    assert.ok(!JSON.stringify(h).includes('accessToken') && !JSON.stringify(h).includes('at.'), JSON.stringify(h));
  });

  it('a declared length over 5 MiB is refused before the body is read: REPLY_TOO_LARGE', async () => {
    const s = await start((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': MAX_PICTURE_BYTES + 1 });
      res.write(JPEG);
      // never ends
    });
    const r = await fetchPicture(`${s.url}/big.jpg`, 5000);
    assert.deepStrictEqual(r, { ok: false, source: 'http', code: 'REPLY_TOO_LARGE', status: 200, reason: 'size' });
  });

  it('an endless chunked body is cut off after 5 MiB: REPLY_TOO_LARGE', async () => {
    let written = 0;
    const s = await start((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (!res.destroyed && written < 50 * MAX_PICTURE_BYTES) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    const r = await fetchPicture(`${s.url}/endless.jpg`, 10000);
    assert.ok(!r.ok && r.code === 'REPLY_TOO_LARGE', JSON.stringify(r));
    assert.ok(written < 50 * MAX_PICTURE_BYTES, 'the server was stopped early');
  });

  it('headers and then a trickle: ETIMEDOUT at the deadline (one deadline, not per chunk)', async () => {
    const s = await start((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      res.write(JPEG.subarray(0, 4));
      const timer = setInterval(() => res.write(Buffer.from([1])), 20);
      res.on('close', () => clearInterval(timer));
    });
    const r = await fetchPicture(`${s.url}/slow.jpg`, 300);
    assert.deepStrictEqual(r, { ok: false, source: 'network', code: 'ETIMEDOUT' });
  });

  it('a redirect is not followed: HTTP_302, the other host sees nothing', async () => {
    const other = await start((_req, res) => res.end(JPEG));
    const s = await start((_req, res) => {
      res.writeHead(302, { Location: `${other.url}/stolen.jpg` });
      res.end();
    });
    const r = await fetchPicture(`${s.url}/moved.jpg`, 2000);
    assert.deepStrictEqual(r, { ok: false, source: 'http', code: 'HTTP_302', status: 302, reason: 'status' });
    assert.strictEqual(other.requests.length, 0);
  });

  it('an HTML page with 200 is not a picture: BAD_REPLY; HTTP 500 and a refused connection as such', async () => {
    const s = await start((req, res) => {
      if (req.url === '/500') {
        res.writeHead(500);
        return res.end('oops');
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html>login</html>');
    });
    assert.deepStrictEqual(await fetchPicture(`${s.url}/page`, 2000), {
      ok: false,
      source: 'http',
      code: 'BAD_REPLY',
      status: 200,
      reason: 'notImage',
    });
    assert.deepStrictEqual(await fetchPicture(`${s.url}/500`, 2000), {
      ok: false,
      source: 'http',
      code: 'HTTP_500',
      status: 500,
      reason: 'status',
    });
    const dead = await start(() => undefined);
    const url = dead.url;
    await dead.close();
    servers.splice(servers.indexOf(dead), 1);
    assert.deepStrictEqual(await fetchPicture(`${url}/x.jpg`, 2000), {
      ok: false,
      source: 'network',
      code: 'ECONNREFUSED',
    });
  });

  it('a JPEG without a content type is still a picture (by its first bytes)', async () => {
    const s = await start((_req, res) => res.end(JPEG));
    const r = await fetchPicture(`${s.url}/x`, 2000);
    assert.ok(r.ok && r.data.length === JPEG.length);
  });
});
