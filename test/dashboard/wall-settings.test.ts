// The camera wall's stream nodes as live sources, its pure parts (docs/behaviour.md section 28): the
// `streamNodes` property as the dialog writes it (a text of node ids) or a flow gives it (a list),
// and which chosen stream node plays a tile's camera (the one deployed now with its serial and
// channel; none: the camera's own live address).

import assert from 'assert';
import type { NodeAPI } from 'node-red';
import type { PanelApi } from 'node-red-contrib-ezviz-open/dashboard';
import { MAX_CAMERAS, nodeIds, readWallSettings } from '../../dashboard/nodes/wall/settings';
import { WallStreams } from '../../dashboard/nodes/wall/streams';

describe('dashboard runtime: the wall’s stream nodes as live sources', () => {
  it('reads streamNodes from the dialog’s text or a list: each id once, junk left out, at most 64', () => {
    assert.deepStrictEqual(readWallSettings({}).streamNodes, []);
    assert.deepStrictEqual(nodeIds('a1b2c3, d4e5f6  a1b2c3'), ['a1b2c3', 'd4e5f6']);
    assert.deepStrictEqual(nodeIds(['s1', ' s2 ', 7, null, 'bad id!', '', 's1']), ['s1', 's2']);
    assert.deepStrictEqual(nodeIds({ id: 's1' }), []);
    assert.deepStrictEqual(nodeIds('x'.repeat(65)), []);
    assert.strictEqual(nodeIds(Array.from({ length: 100 }, (_, i) => `n${i}`)).length, MAX_CAMERAS);
  });

  it('a tile plays from the chosen stream node of its camera deployed now; others from their own address', () => {
    const deployed: Record<string, { deviceSerial: string; channelNo: number }> = {
      door: { deviceSerial: 'c00000001', channelNo: 1 },
      lens2: { deviceSerial: 'C0000000F', channelNo: 2 },
      other: { deviceSerial: 'C00000006', channelNo: 1 },
    };
    const api = { streamCamera: (id: string) => deployed[id] ?? null } as unknown as PanelApi;
    const streams = new WallStreams({} as NodeAPI, api, 'wall', ['gone', 'door', 'lens2']);
    assert.strictEqual(streams.nodeOf({ deviceSerial: 'C00000001', channelNo: 1 }), 'door');
    assert.strictEqual(streams.nodeOf({ deviceSerial: 'C0000000F', channelNo: 2 }), 'lens2');
    assert.strictEqual(streams.nodeOf({ deviceSerial: 'C0000000F', channelNo: 1 }), '', 'another channel');
    assert.strictEqual(streams.nodeOf({ deviceSerial: 'C00000006', channelNo: 1 }), '', 'a stream node not chosen');
    assert.strictEqual(streams.sourceOf({ deviceSerial: 'C00000002', channelNo: 1 }), undefined);
    assert.strictEqual(
      streams.panelSource('ui-ezviz-wall:wall:C00000002:1', { deviceSerial: 'C00000002', channelNo: 1 }),
      undefined,
    );
  });
});
