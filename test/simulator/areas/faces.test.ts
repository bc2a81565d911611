// A camera's face library over HTTP (simulator/areas/faces.ts; docs/api/events-api.md section 3.2):
// GET with the serial in the query and the token in a header, as the vendor's page says; `meta` and
// `data [{faceId, name}]` for the camera that has a library, 60020 (HTTP 422) for a camera of the
// account without one, 20018 for a camera of another account, 10002 without a good token; any
// other method 405.

import { strict as assert } from 'assert';
import { ROUTES } from '../../../simulator';
import { sim, simulatorEach, T } from './support';

const PATH = ROUTES.find((r) => r.op === 'face-list')!.path;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any; // the replies as they come

async function ask(serial: string, o: { method?: string; token?: string } = {}) {
  const res = await fetch(`${sim.url}${PATH}?${new URLSearchParams({ deviceSerial: serial })}`, {
    method: o.method ?? 'GET',
    headers: { accessToken: o.token ?? T },
  });
  return { status: res.status, allow: res.headers.get('allow'), body: (await res.json()) as Json };
}

describe('simulator: a camera face library (events-api section 3.2, areas/faces.ts)', function () {
  simulatorEach(Date.parse('2026-03-01T08:00:00Z'));

  it('GET: the faces of the camera that has a library, by id and name', async () => {
    const { status, body } = await ask('C00000006');
    assert.equal(status, 200);
    assert.equal(body.meta.code, 200);
    assert.deepEqual(body.data, [
      { faceId: '1a2b3c', name: 'Alice' },
      { faceId: '5d6e', name: 'Bob Chen' },
    ]);
    const logged = sim.requestLog().filter((e) => e.path === PATH);
    assert.deepEqual(
      logged.map((e) => [e.method, e.fields.deviceSerial, e.fields.accessToken === T]),
      [['GET', 'C00000006', false]],
      'the serial from the query; the token masked in the log',
    );
  });
  it('refuses: no library 60020, another account 20018, a bad token 10002; POST 405', async () => {
    const none = await ask('C00000001');
    assert.deepEqual([none.status, none.body.meta.code], [422, 60020]);
    const other = await ask('C00000004');
    assert.deepEqual([other.status, other.body.meta.code], [403, 20018]);
    const token = await ask('C00000006', { token: 'at.wrong' });
    assert.equal(token.body.meta.code, 10002);
    const post = await ask('C00000006', { method: 'POST' });
    assert.deepEqual([post.status, post.allow], [405, 'GET']);
  });
});
