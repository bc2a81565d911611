// Pure parts of the editor's account features: reading device/list, camera/list and
// device/capacity replies (types checked, unknown fields dropped), merging channels into devices,
// the reasons of failures, the hints of capabilities, and the checks of request bodies.

import { strict as assert } from 'assert';
import { mergeAccount, readCameraPage, readDevicePage } from '../../../../runtime/account/account-list';
import { classify } from '../../../../runtime/account/account-reasons';
import {
  capacityHints,
  capacitySummary,
  readCapacity,
  unsupportedDirections,
  CAPACITY_FLAGS,
} from '../../../../client/operations/capacity';
import { readAccount, readCamera, type BadRequest } from '../../../../nodes/ezviz-config/admin-request';
import { identityKey } from '../../../../nodes/ezviz-config/admin-deployed';
import { EzvizError } from '../../../../client/errors/errors';

const err = (source: EzvizError['source'], code: string) =>
  new EzvizError({ code, message: `m ${code}`, operation: 'ptz-start', source, retriable: false });

describe('account: replies of the account calls', function () {
  it('reads device/list items, skipping unusable ones and unknown fields', function () {
    const page = readDevicePage([
      { deviceSerial: 'c00000001', deviceName: 'Front', deviceType: 'CS-C6N', status: 1, defence: 0, extra: 'x' },
      { deviceSerial: 'C00000002', deviceName: 42, status: '0' },
      { deviceSerial: 'bad serial!' },
      null,
      'text',
      { deviceName: 'no serial' },
      { deviceSerial: 'C00000003', deviceName: 'x'.repeat(500), status: 7 },
    ]);
    assert.deepEqual(page, [
      { serial: 'C00000001', name: 'Front', model: 'CS-C6N', online: true, channels: [] },
      { serial: 'C00000002', name: '42', model: '', online: false, channels: [] },
      { serial: 'C00000003', name: 'x'.repeat(128), model: '', online: null, channels: [] },
    ]);
    assert.equal(readDevicePage({ items: [] }), undefined);
    assert.equal(readDevicePage(null), undefined);
  });

  it('reads camera/list items and merges them into their devices (NVR channels, channels of unlisted devices)', function () {
    const channels = readCameraPage([
      { deviceSerial: 'N00000001', channelNo: 2, channelName: 'Yard', status: 0 },
      { deviceSerial: 'N00000001', channelNo: '1', channelName: 'Gate', status: 1 },
      { deviceSerial: 'N00000001', channelNo: 0 },
      { deviceSerial: 'N00000001', channelNo: 'x' },
      { deviceSerial: 'S00000009', channelNo: 1, channelName: 'Shared' },
    ])!;
    assert.equal(channels.length, 3);
    const devices = mergeAccount(
      [
        { serial: 'N00000001', name: 'NVR', model: 'DS-7104', online: true, channels: [] },
        { serial: 'C00000001', name: 'Alpha', model: 'CS-C6N', online: false, channels: [] },
      ],
      channels,
    );
    assert.deepEqual(
      devices.map((d) => d.serial),
      ['C00000001', 'N00000001', 'S00000009'],
    );
    assert.deepEqual(devices[0].channels, [{ channelNo: 1, name: 'Alpha', online: false }]);
    assert.deepEqual(
      devices[1].channels.map((c) => [c.channelNo, c.name, c.online]),
      [
        [1, 'Gate', true],
        [2, 'Yard', false],
      ],
    );
    assert.equal(devices[2].name, '');
  });

  it('names the reason of a failure', function () {
    assert.equal(classify(err('api', '10017'), true).reason, 'wrongKey');
    assert.equal(classify(err('api', '10030'), true).reason, 'wrongKey');
    assert.equal(classify(err('api', '10005'), true).reason, 'frozen');
    assert.equal(classify(err('api', '10002'), true).reason, 'region');
    assert.equal(classify(err('api', '10002'), false).reason, 'tokenRejected');
    assert.equal(classify(err('api', '10029'), true).reason, 'limit');
    assert.equal(classify(err('api', '20002'), true).reason, 'api');
    assert.deepEqual(classify(err('network', 'ECONNREFUSED'), true), {
      ok: false,
      reason: 'unreachable',
      code: 'ECONNREFUSED',
      message: 'm ECONNREFUSED',
    });
    assert.equal(classify(err('network', 'ETIMEDOUT'), true).reason, 'timeout');
    assert.equal(classify(err('http', 'HTTP_502'), true).reason, 'http');
    assert.equal(classify(err('local', 'NO_CREDENTIALS'), true).reason, 'noCredentials');
  });
});

describe('capacity: flags and hints', function () {
  const all = Object.fromEntries(CAPACITY_FLAGS.map((f) => [f, '1']));
  it('reads "1" (or 1) as supported, anything else as not', function () {
    const c = readCapacity({
      ...all,
      ptz_zoom: '0',
      ptz_focus: 1,
      ptz_45: true,
      support_cloud: undefined,
      other: '1',
    })!;
    assert.equal(c.support_ptz, true);
    assert.equal(c.ptz_zoom, false);
    assert.equal(c.ptz_focus, true);
    assert.equal(c.ptz_45, false);
    assert.equal(c.support_cloud, false);
    assert.ok(!('other' in c));
    assert.equal(readCapacity([]), undefined);
    assert.equal(readCapacity('1'), undefined);
  });

  it('hints what a camera without PTZ or without zoom lacks, never more', function () {
    const full = readCapacity(all)!;
    for (const op of [
      'ptz-start',
      'ptz-stop',
      'ptz-mirror',
      'preset-add',
      'preset-call',
      'preset-clear',
      'storage-open',
      'storage-info',
    ] as const) {
      assert.deepEqual(capacityHints(full, op, { direction: 'zoom-in', command: 'center' }), [], op);
    }
    const noPtz = readCapacity({ support_cloud: '1' })!;
    assert.deepEqual(
      capacityHints(noPtz, 'ptz-start', { direction: 'up' }).map((h) => h.key),
      ['noPtz'],
    );
    assert.deepEqual(
      capacityHints(noPtz, 'preset-call', {}).map((h) => h.key),
      ['noPresets'],
    );
    assert.deepEqual(
      capacityHints(noPtz, 'ptz-mirror', {}).map((h) => h.key),
      ['noMirror'],
    );
    assert.deepEqual(capacityHints(noPtz, 'storage-info', {}), []);
    const noZoom = readCapacity({ ...all, ptz_zoom: '0' })!;
    assert.deepEqual(unsupportedDirections(noZoom), ['zoom-in', 'zoom-out']);
    assert.deepEqual(
      capacityHints(noZoom, 'ptz-start', { direction: 'up' }).map((h) => h.key),
      ['directions'],
    );
    assert.deepEqual(
      capacityHints(noZoom, 'ptz-start', { direction: '8' }).map((h) => h.key),
      ['directions', 'direction.ptz_zoom'],
    );
    const noDiag = readCapacity({ ...all, ptz_45: '0', ptz_top_bottom_mirror: '0' })!;
    assert.deepEqual(
      capacityHints(noDiag, 'ptz-start', { direction: 'up-left' }).map((h) => h.key),
      ['directions', 'direction.ptz_45'],
    );
    assert.deepEqual(
      capacityHints(noDiag, 'ptz-mirror', { command: 'up-down' }).map((h) => h.key),
      ['mirrors', 'mirror'],
    );
    assert.deepEqual(
      capacityHints(readCapacity({})!, 'storage-open', {}).map((h) => h.key),
      ['noCloud'],
    );
    // ezviz-live: live needs nothing; SD-card playback a card; cloud playback cloud storage
    assert.deepEqual(capacityHints(noPtz, 'live', { source: 'live' }), []);
    assert.deepEqual(
      capacityHints(noPtz, 'live', { source: 'sd-card' }).map((h) => h.key),
      ['liveSdCard'],
    );
    assert.deepEqual(capacityHints(noPtz, 'live', { source: 'cloud' }), []);
    assert.deepEqual(
      capacityHints(readCapacity({})!, 'live', { source: '3' }).map((h) => h.key),
      ['liveNoCloud'],
    );
    assert.deepEqual(capacitySummary(noZoom), ['ptz', 'focus', 'presets', 'mirror', 'cloud', 'capture', 'talk']);
    // ezviz-voice: a speaker is support_talk 1 (full duplex) or 3 (half duplex); 0 or absent: the hint
    assert.deepEqual(capacityHints(readCapacity({ support_talk: '3' })!, 'voice', {}), []);
    assert.deepEqual(capacityHints(readCapacity({ support_talk: 1 })!, 'voice', {}), []);
    assert.deepEqual(
      capacityHints(readCapacity({ support_talk: '0' })!, 'voice', {}).map((h) => h.key),
      ['noTalk'],
    );
    assert.deepEqual(
      capacityHints(readCapacity({})!, 'voice', {}).map((h) => h.key),
      ['noTalk'],
    );
  });
});

describe('admin: request bodies', function () {
  const stored = (id: string) =>
    id === 'known'
      ? { appKey: 'stored-key', appSecret: 'stored-secret', baseUrl: 'http://127.0.0.1:8089' }
      : id === 'undeployed'
        ? { appSecret: 'stored-secret' }
        : undefined;
  const isBad = (v: unknown): v is BadRequest => typeof v === 'object' && v !== null && 'status' in v;

  it('takes the stored credential for __PWRD__, the typed value otherwise', function () {
    const v = readAccount(
      { id: 'known', baseUrl: 'http://127.0.0.1:8089/', appKey: ' typed-key ', appSecret: '__PWRD__' },
      stored,
    );
    assert.ok(!isBad(v));
    assert.deepEqual(v, {
      id: 'known',
      baseUrl: 'http://127.0.0.1:8089',
      timeout: 10000,
      appKey: 'typed-key',
      appSecret: 'stored-secret',
    });
  });

  it('refuses what is missing, wrong or too long, with a reason', function () {
    const cases: Array<[unknown, number, string]> = [
      [null, 400, 'body'],
      [[], 400, 'body'],
      [{ baseUrl: 'http://x' }, 400, 'missing'],
      [{ id: 'a' }, 400, 'missing'],
      [{ id: 'a', baseUrl: 'ftp://x' }, 400, 'baseUrl'],
      [{ id: 'a', baseUrl: 'http://x', timeout: 'soon' }, 400, 'timeout'],
      [{ id: 'a', baseUrl: 'http://x', appSecret: 5 }, 400, 'type'],
      [{ id: 'a'.repeat(2000), baseUrl: 'http://x' }, 413, 'tooLong'],
      [{ id: 'unknown', baseUrl: 'http://x', appKey: 'k', appSecret: '__PWRD__' }, 404, 'unknownConfig'],
      // A stored secret goes only to the base URL its node was deployed with.
      [{ id: 'known', baseUrl: 'http://attacker.example', appKey: 'k', appSecret: '__PWRD__' }, 400, 'storedElsewhere'],
      [{ id: 'known', baseUrl: 'http://127.0.0.1:8090', accessToken: '__PWRD__' }, 400, 'storedElsewhere'],
      [{ id: 'undeployed', baseUrl: 'http://127.0.0.1:8089', appSecret: '__PWRD__' }, 400, 'storedElsewhere'],
    ];
    for (const [body, status, reason] of cases) {
      const v = readAccount(body, stored);
      assert.ok(isBad(v), JSON.stringify(body));
      assert.equal(v.status, status, JSON.stringify(body));
      assert.equal(v.reason, reason, JSON.stringify(body));
    }
    assert.deepEqual(readCamera({ deviceSerial: 'c1', channelNo: '2' }), { serial: 'C1', channelNo: 2 });
    assert.deepEqual(readCamera({ deviceSerial: 'C1' }), { serial: 'C1' });
    assert.equal((readCamera({}) as BadRequest).reason, 'missing');
    assert.equal((readCamera({ deviceSerial: 'a b' }) as BadRequest).reason, 'deviceSerial');
    assert.equal((readCamera({ deviceSerial: 'C1', channelNo: -1 }) as BadRequest).reason, 'channelNo');
  });

  it('keys accounts by a hash that holds no secret', function () {
    const k = identityKey({ baseUrl: 'http://x', appKey: 'key', appSecret: 'very-secret-value' });
    assert.match(k, /^[0-9a-f]{64}$/);
    assert.notEqual(k, identityKey({ baseUrl: 'http://x', appKey: 'key', appSecret: 'other' }));
  });
});
