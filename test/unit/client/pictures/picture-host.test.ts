// Where a picture may come from (docs/behaviour.md section 17, client/wire/picture-host.ts):
// loopback, private and link-local hosts refused, whatever their spelling in the URL, unless they
// are the base URL's host and port or a host the config node allows; the picture desk answers
// PICTURE_HOST without a connection, whatever the port.

import assert from 'assert';
import { isInternalHost, parsePictureHosts, pictureHostAllowed } from '../../../../client/wire/picture-host';
import { PictureDesk } from '../../../../client/pictures/desk';
import { EzvizError } from '../../../../client/errors/errors';

describe('pictures: picture hosts (PICTURE_HOST)', () => {
  it('internal: loopback, private, link-local, localhost, IPv4 mapped into IPv6', () => {
    const internal = [
      'http://127.0.0.1/x.jpg',
      'http://127.9.8.7:8080/x.jpg',
      'http://10.1.2.3/x.jpg',
      'http://172.16.0.1/x.jpg',
      'http://172.31.255.255/x.jpg',
      'http://192.168.1.20/x.jpg',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0:22/',
      'http://localhost:1880/',
      'http://LOCALHOST./',
      'http://api.localhost/',
      'http://[::1]:8080/',
      'http://[::]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
      'http://[febf::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:192.168.0.1]/',
      'http://2130706433/', // 127.0.0.1 as one number
      'http://0x7f.1/',
      'http://017700000001/',
    ];
    for (const u of internal) {
      assert.strictEqual(isInternalHost(new URL(u).hostname), true, u);
      assert.strictEqual(pictureHostAllowed(u, 'https://open.ys7.com'), false, u);
    }
    const outside = [
      'https://i.ys7.com/x.jpg',
      'http://8.8.8.8/',
      'http://172.32.0.1/',
      'http://172.15.0.1/',
      'http://192.169.0.1/',
      'http://[2001:db8::1]/',
      'http://[fec0::1]/',
      'http://[::ffff:8.8.8.8]/',
      'http://localhost.example.com/',
    ];
    for (const u of outside) assert.strictEqual(pictureHostAllowed(u, 'https://open.ys7.com'), true, u);
    assert.strictEqual(pictureHostAllowed('not a url', 'https://open.ys7.com'), false);
  });

  it("allowed: the base URL's own host and port (the simulator), and the hosts the config node names", () => {
    const sim = 'http://127.0.0.1:8089';
    assert.strictEqual(pictureHostAllowed('http://127.0.0.1:8089/sim-pictures/a.jpg', sim), true);
    assert.strictEqual(pictureHostAllowed('http://127.0.0.1:22/', sim), false, 'another port of the same host');
    assert.strictEqual(pictureHostAllowed('http://localhost:8089/', sim), false, 'names are compared as written');
    const more = parsePictureHosts(' 192.168.1.20, nas.lan:8080\n[::1]:9000;fd00::5 ');
    assert.deepStrictEqual(more, ['192.168.1.20', 'nas.lan:8080', '[::1]:9000', 'fd00::5']);
    assert.strictEqual(pictureHostAllowed('http://192.168.1.20:81/p.jpg', sim, more), true, 'a host: any port');
    assert.strictEqual(pictureHostAllowed('http://[::1]:9000/p.jpg', sim, more), true);
    assert.strictEqual(pictureHostAllowed('http://[::1]:9001/p.jpg', sim, more), false, 'host:port: that port');
    assert.strictEqual(pictureHostAllowed('http://[fd00::5]/p.jpg', sim, more), true);
    assert.strictEqual(pictureHostAllowed('https://192.168.1.21/p.jpg', sim, more), false);
    assert.deepStrictEqual(parsePictureHosts(undefined), []);
  });

  it('the desk answers PICTURE_HOST without a download, the same for any port (no port map)', async () => {
    const asked: string[] = [];
    const desk = new PictureDesk(
      async (url) => {
        asked.push(url);
        return { ok: false, source: 'network', code: 'ECONNREFUSED' } as never;
      },
      (k) => k,
      1000,
      { baseUrl: 'http://127.0.0.1:8089', more: [] },
    );
    const ask = (url: string) => desk.get({ url, deviceSerial: 'C1', codes: [], operation: 'capture' as never });
    const answers = await Promise.all(
      ['http://127.0.0.1:22/', 'http://127.0.0.1:1/', 'http://10.0.0.1:6379/', 'http://[::1]:5432/'].map(ask),
    );
    for (const a of answers) {
      assert.ok(a instanceof EzvizError);
      assert.deepStrictEqual(
        [a.code, a.source, a.retriable, a.message],
        ['PICTURE_HOST', 'local', false, 'errors.pictureHost'],
      );
    }
    assert.deepStrictEqual(asked, []);
    await ask('http://127.0.0.1:8089/sim-pictures/a.jpg');
    assert.deepStrictEqual(asked, ['http://127.0.0.1:8089/sim-pictures/a.jpg'], "the base URL's own host is fetched");
  });
});
