// The hub area over HTTP (simulator/areas/hub.ts; docs/api/hub-api.md sections 1-3): the detector
// list in the `result` wrapper and with `data` at the top, a detector of each type (one offline,
// one with a low battery), arming per mode with 60022 when already so, clearing, renaming, 60020
// for a device that is not a hub; active defence and audition as v3 calls (token and serial in
// headers, `meta` replies, HTTP 4xx for errors), 60020 for a camera without active defence.

import { strict as assert } from 'assert';
import { ROUTES } from '../../../simulator';
import type { RouteOp } from '../../../simulator';
import { sim, simulatorEach, T } from './support';

const P = (op: RouteOp): string => ROUTES.find((r) => r.op === op)!.path;
const HUB = 'C00000015';
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any; // the replies as they come

/** A form POST (the token in the body); the status and the parsed JSON. */
async function form(op: RouteOp, fields: Record<string, string>): Promise<{ status: number; body: Json }> {
  const res = await fetch(sim.url + P(op), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ accessToken: T, ...fields }).toString(),
  });
  return { status: res.status, body: await res.json() };
}

/** A v3 POST: the token and the serial in headers, the rest in the query. */
async function v3(op: RouteOp, serial: string, query: Record<string, string>, token = T) {
  const res = await fetch(`${sim.url}${P(op)}?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { accessToken: token, deviceSerial: serial },
  });
  return { status: res.status, body: (await res.json()) as Json };
}

describe('simulator: the alarm hub and the siren (hub-api sections 1-3, areas/hub.ts)', function () {
  simulatorEach(Date.parse('2026-03-01T08:00:00Z'));

  it('the detector list: the result wrapper with a detector of each type, one offline, one with a low battery', async () => {
    const { status, body } = await form('detector-list', { deviceSerial: HUB });
    assert.equal(status, 200);
    assert.equal(body.code, undefined);
    assert.equal(body.result.code, '200');
    const types = body.result.data.map((d: Json) => d.detectorType);
    for (const t of ['pir', 'fire', 'magnetometer', 'gas', 'waterlogging', 'callhelp', 'curtain', 'move_magnetometer'])
      assert.ok(types.includes(t), t);
    const offline = body.result.data.filter((d: Json) => d.olStatus === 1 && d.detectorState === 0);
    assert.equal(offline.length, 1);
    assert.equal(body.result.data.filter((d: Json) => d.uvStatus === 1).length, 1);
  });

  it('the list with data at the top (POST /sim/hub listShape data)', async () => {
    const res = await fetch(sim.url + '/sim/hub', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ deviceSerial: HUB, listShape: 'data' }),
    });
    assert.equal(res.status, 200);
    const { body } = await form('detector-list', { deviceSerial: HUB });
    assert.equal(body.code, '200');
    assert.equal(body.data.length, 11);
  });

  it('arming per mode, 60022 when already so; clear; rename; 10001 for an unknown detector or a bad name', async () => {
    const arm = (safeMode: string, enable: string) =>
      form('detector-status-set', { deviceSerial: HUB, detectorSerial: 'D00000001', safeMode, enable });
    assert.equal((await arm('0', '1')).body.code, '200');
    assert.equal((await arm('0', '1')).body.code, '60022');
    assert.equal(sim.state.devices[HUB].hub.detectors[0].atHomeEnable, 1);
    assert.equal((await arm('3', '1')).body.code, '10001');
    sim.state.devices[HUB].hub.alarm = true;
    assert.equal((await form('detector-cancel-alarm', { deviceSerial: HUB })).body.code, '200');
    assert.equal(sim.state.devices[HUB].hub.alarm, false);
    const rename = (detectorSerial: string, newName: string) =>
      form('detector-name-change', { deviceSerial: HUB, detectorSerial, newName });
    assert.equal((await rename('D00000002', 'Kitchen')).body.code, '200');
    assert.equal(sim.state.devices[HUB].hub.detectors[1].location, 'Kitchen');
    assert.equal((await rename('D00000002', 'a<b>')).body.code, '10001');
    assert.equal((await rename('D00000099', 'Kitchen')).body.code, '10001');
  });

  it('60020 on a device that is not a hub; 20007 on an offline one', async () => {
    // the list's errors come in its wrapper too
    assert.equal((await form('detector-list', { deviceSerial: 'C00000001' })).body.result.code, '60020');
    assert.equal((await form('detector-cancel-alarm', { deviceSerial: 'C00000001' })).body.code, '60020');
    assert.equal((await form('detector-list', { deviceSerial: 'C00000002' })).body.result.code, '20007');
  });

  it('active defence: v3 headers and meta replies; status 2 sounds, 1 clears, others 10001 (400)', async () => {
    const on = await v3('device-defence', 'C00000001', { status: '2' });
    assert.deepEqual([on.status, on.body.meta.code], [200, 200]);
    assert.notEqual(sim.state.devices.C00000001.siren.since, null);
    const off = await v3('device-defence', 'C00000001', { status: '1' });
    assert.equal(off.body.meta.code, 200);
    assert.equal(sim.state.devices.C00000001.siren.since, null);
    const bad = await v3('device-defence', 'C00000001', { status: '3' });
    assert.deepEqual([bad.status, bad.body.meta.code], [400, 10001]);
    const none = await v3('device-defence', 'C00000003', { status: '2' });
    assert.deepEqual([none.status, none.body.meta.code], [422, 60020]);
    const offline = await v3('device-defence', 'C00000002', { status: '2' });
    assert.deepEqual([offline.status, offline.body.meta.code], [412, 20007]);
    const token = await v3('device-defence', 'C00000001', { status: '2' }, 'at.wrong');
    assert.deepEqual([token.status, token.body.meta.code], [401, 10002]);
  });

  it('audition: the tone and its volume recorded; a tone out of the list is 10001', async () => {
    assert.equal((await v3('device-audition', 'C00000001', { voiceIndex: '201', volume: '70' })).body.meta.code, 200);
    assert.equal((await v3('device-audition', 'C00000001', { voiceIndex: '200' })).body.meta.code, 200);
    assert.deepEqual(
      sim.state.devices.C00000001.siren.tones.map((t) => [t.voiceIndex, t.volume]),
      [
        [201, 70],
        [200, 1],
      ],
    );
    assert.equal((await v3('device-audition', 'C00000001', { voiceIndex: '203' })).body.meta.code, 10001);
  });
});
