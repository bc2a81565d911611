// client/operations/hub.ts and siren.ts: the parameter readers of ezviz-hub and ezviz-siren take
// any value a message may hold and answer a value or undefined, never a throw (the hub and siren
// fuzzer found a tone `{toString: 1}` that threw out of validation: the message had no outcome).

import assert from 'assert';
import { parseHubParam } from '../../../../client/operations/hub';
import { parseSirenParam, toneOf, volumeOf } from '../../../../client/operations/siren';

const ODD: unknown[] = [{ toString: 1 }, Object.create(null), [1], { valueOf: () => 201 }, Symbol('x'), 10n];

describe('hub and siren parameters', () => {
  it('a tone by name (any case) or number; a volume 1-100', () => {
    assert.deepStrictEqual(['beep', ' ALARM ', 'mute', 201, '200'].map(toneOf), [200, 201, 202, 201, 200]);
    assert.deepStrictEqual(['chime', 203, '2010', ''].map(toneOf), [undefined, undefined, undefined, undefined]);
    assert.deepStrictEqual([1, '100', 0, 101, 7.5, '5%'].map(volumeOf), [
      1,
      100,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('values of any other kind are not one (undefined), never a throw', () => {
    for (const kind of ['sirenAction', 'tone', 'volume'])
      for (const v of ODD) assert.strictEqual(parseSirenParam(kind, v), undefined, `${kind} ${String(typeof v)}`);
    for (const kind of ['hubAction', 'hubMode', 'onOff', 'detectorName'])
      for (const v of ODD) assert.strictEqual(parseHubParam(kind, v), undefined, `${kind} ${String(typeof v)}`);
  });
});
