// Pure parameter parsing (client/params/parse.ts) and input validation (call-path validateInput).

import assert from 'assert';
import { isDeepStrictEqual } from 'util';
import fc from 'fast-check';
import { DIRECTIONS, MIRROR_COMMANDS, SPEEDS } from '../../../../client/operations/enums';
import { EzvizError } from '../../../../client/errors/errors';
import { validateInput } from '../../../../runtime/call-path/validation';
import { OPERATIONS, ParamSpec } from '../../../../client/operations/operations';
import { describeValue, MAX_DURATION_MS, parseParam } from '../../../../client/params/parse';
import { redactSecrets } from '../../../../client/params/redact';
import { STATE_CALLS, STATE_NODES } from '../../../../client/operations/state-calls';
import { publicRequest } from '../../../../runtime/call-path/outputs';
import { sameValue, wouldSend } from '../../../../runtime/call-path/validation';

const spec = (op: keyof typeof OPERATIONS, name: string): ParamSpec =>
  OPERATIONS[op].params.find((p) => p.name === name)!;

const ok = (s: ParamSpec, raw: unknown) => {
  const r = parseParam(s, raw);
  assert.ok(r.ok, `${s.name}=${JSON.stringify(raw)} should be accepted`);
  return r.value;
};
const bad = (s: ParamSpec, raw: unknown) => {
  const r = parseParam(s, raw);
  assert.ok(!r.ok, `${s.name}=${JSON.stringify(raw)} should be refused`);
  return r.reason;
};

describe('params: parseParam', () => {
  const serial = spec('ptz-start', 'deviceSerial');
  const channel = spec('ptz-start', 'channelNo');
  const optChannel = spec('storage-info', 'channelNo');
  const direction = spec('ptz-start', 'direction');
  const speed = spec('ptz-start', 'speed');
  const mirror = spec('ptz-mirror', 'command');
  const index = spec('preset-call', 'index');
  const duration = spec('ptz-start', 'duration');
  const phone = spec('storage-open', 'phone');
  const card = spec('storage-open', 'cardPassword');
  const imm = spec('storage-open', 'isImmediately');
  const name = spec('preset-add', 'presetName');

  it('serials: trimmed, upper-case, letters and digits only; numbers accepted', () => {
    assert.strictEqual(ok(serial, ' c00000001 '), 'C00000001');
    assert.strictEqual(ok(serial, 123456789), '123456789');
    assert.strictEqual(bad(serial, 'C0000-001'), 'serial');
    assert.strictEqual(bad(serial, 'x'.repeat(65)), 'serial');
    assert.strictEqual(bad(serial, -5), 'serial');
    assert.strictEqual(bad(serial, ''), 'missing');
    assert.strictEqual(bad(serial, null), 'missing');
  });

  it('channels: whole numbers 1..256, numeric strings; optional ones may be empty', () => {
    assert.strictEqual(ok(channel, '2'), 2);
    assert.strictEqual(ok(channel, 256), 256);
    for (const v of [0, 257, 1.5, '1.5', 'one', true]) assert.strictEqual(bad(channel, v), 'channel');
    assert.strictEqual(ok(optChannel, ''), undefined);
    assert.strictEqual(ok(optChannel, undefined), undefined);
  });

  it('directions: every name and number of the enum, nothing else', () => {
    for (const [n, v] of Object.entries(DIRECTIONS)) {
      assert.strictEqual(ok(direction, n), v);
      assert.strictEqual(ok(direction, n.toUpperCase().replace('-', '_')), v);
      assert.strictEqual(ok(direction, v), v);
      assert.strictEqual(ok(direction, String(v)), v);
    }
    for (const v of [12, 13, 15, 17, -1, 'north', 1.5]) assert.strictEqual(bad(direction, v), 'direction');
  });

  it('speeds and mirror commands: names and numbers', () => {
    for (const [n, v] of Object.entries(SPEEDS)) assert.strictEqual(ok(speed, n), v);
    for (const [n, v] of Object.entries(MIRROR_COMMANDS)) assert.strictEqual(ok(mirror, n), v);
    assert.strictEqual(bad(speed, 3), 'speed');
    assert.strictEqual(bad(mirror, 'diagonal'), 'mirror');
  });

  it('index 1..256, duration 0..600000 ms', () => {
    assert.strictEqual(ok(index, '12'), 12);
    assert.strictEqual(bad(index, 0), 'index');
    assert.strictEqual(ok(duration, 0), 0);
    assert.strictEqual(ok(duration, MAX_DURATION_MS), MAX_DURATION_MS);
    assert.strictEqual(bad(duration, MAX_DURATION_MS + 1), 'duration');
    assert.strictEqual(ok(duration, ''), undefined);
  });

  it('phone, card password, isImmediately, preset names', () => {
    assert.strictEqual(ok(phone, '+8613800000001'), '+8613800000001');
    assert.strictEqual(ok(phone, 13800000001), '13800000001');
    assert.strictEqual(bad(phone, '138-0000'), 'phone');
    assert.strictEqual(ok(card, ' ABC-123 '), 'ABC-123');
    assert.strictEqual(bad(card, 'A B'), 'cardPassword');
    for (const [v, want] of [
      [true, 1],
      [false, 0],
      ['yes', 1],
      ['no', 0],
      ['TRUE', 1],
      [1, 1],
      ['0', 0],
    ] as const) {
      assert.strictEqual(ok(imm, v), want);
    }
    assert.strictEqual(bad(imm, 2), 'immediately');
    assert.strictEqual(ok(name, ' door '), 'door');
    assert.strictEqual(bad(name, 'x'.repeat(65)), 'presetName');
  });

  it('verification codes: 4 to 32 letters and digits, trimmed, the same rule for live and switch', () => {
    const codes = [
      spec('live', 'verificationCode'),
      STATE_NODES.switch.params.find((p) => p.name === 'verificationCode')!,
      STATE_CALLS['encryption-off'].params.find((p) => p.name === 'validateCode')!,
    ];
    for (const code of codes) {
      assert.strictEqual(ok(code, ' ABCDEF '), 'ABCDEF');
      assert.strictEqual(ok(code, 'abcd'), 'abcd');
      assert.strictEqual(ok(code, 'A'.repeat(32)), 'A'.repeat(32));
      for (const v of ['a', 'abc', 'A'.repeat(33), 'ABC DEF', 'ABC-DE', 123456, { code: 'ABCDEF' }]) bad(code, v);
    }
  });

  it('property: any integer 1..256 is a valid channel and is sent unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 256 }),
        fc.boolean(),
        (n, asText) =>
          parseParam(channel, asText ? String(n) : n).ok && (parseParam(channel, n) as { value: number }).value === n,
      ),
    );
  });

  it('property: a refused value never echoes a secret', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), (s) => describeValue(card, s) === '(hidden)'));
  });

  it('describeValue quotes and shortens', () => {
    assert.strictEqual(describeValue(serial, 'abc'), '"abc"');
    assert.strictEqual(describeValue(serial, 5), '5');
    assert.strictEqual(describeValue(serial, undefined), '(empty)');
    assert.ok(describeValue(serial, 'y'.repeat(200)).length <= 60);
  });
});

describe('params: validateInput', () => {
  const t = (key: string, args?: Record<string, unknown>) => `${key} ${JSON.stringify(args ?? {})}`;

  it('builds the fields to send in table order, leaving out unsent and empty ones', () => {
    const r = validateInput(t, OPERATIONS['ptz-start'], {
      deviceSerial: 'c1',
      channelNo: '1',
      direction: 'auto',
      speed: 'fast',
      duration: '500',
    });
    assert.ok(!(r instanceof EzvizError));
    assert.deepStrictEqual(r, {
      fields: { deviceSerial: 'C1', channelNo: 1, direction: 16, speed: 2 },
      duration: 500,
      values: { deviceSerial: 'C1', channelNo: 1, direction: 16, speed: 2, duration: 500 },
    });
  });

  it('preset-call: presetName stands in for a missing index; preset-add keeps it unsent', () => {
    const r = validateInput(t, OPERATIONS['preset-call'], { deviceSerial: 'C1', channelNo: 1, presetName: 'door' });
    assert.deepStrictEqual(r, {
      fields: { deviceSerial: 'C1', channelNo: 1 },
      presetName: 'door',
      values: { deviceSerial: 'C1', channelNo: 1, presetName: 'door' },
    });
    const e = validateInput(t, OPERATIONS['preset-add'], { deviceSerial: 'C1', presetName: 'door' });
    assert.ok(e instanceof EzvizError);
    assert.strictEqual(e.code, '10001');
    assert.strictEqual(e.message, 'validation.missing {"param":"channelNo","value":"(empty)","max":256}');
  });

  it('the first bad parameter is reported', () => {
    const e = validateInput(t, OPERATIONS['ptz-stop'], { deviceSerial: 'C1', channelNo: 0, direction: 99 });
    assert.ok(e instanceof EzvizError);
    assert.strictEqual(e.source, 'validation');
    assert.ok(e.message.startsWith('validation.channel '));
  });
});

describe('params: what output 2 keeps of the input (redactSecrets, publicRequest, wouldSend, sameValue)', () => {
  it('masks secret keys at any depth and strings equal to a secret read for the message, without touching the original', () => {
    const original = {
      deviceSerial: 'C1',
      cardPassword: 'CARD-1',
      list: [{ accessToken: 'at.x' }, 'CARD-2'],
      deep: { appSecret: 's', keep: 1, empty: { cardPassword: '' } },
    };
    const copy = JSON.parse(JSON.stringify(original));
    assert.deepStrictEqual(redactSecrets(original, ['CARD-2']), {
      deviceSerial: 'C1',
      cardPassword: '***',
      list: [{ accessToken: '***' }, '***'],
      deep: { appSecret: '***', keep: 1, empty: { cardPassword: '' } },
    });
    assert.deepStrictEqual(original, copy);
    assert.strictEqual(redactSecrets('CARD-3', ['CARD-3']), '***');
    assert.strictEqual(redactSecrets(1795431256289), 1795431256289);
  });

  it('keeps shapes: holes, prototypes, own __proto__ keys, boxed values, buffers; cycles end', () => {
    const holes = [, 1, ,] as unknown[]; // eslint-disable-line no-sparse-arrays
    assert.ok(isDeepStrictEqual(redactSecrets(holes), holes));
    const inherited = Object.create({ deviceSerial: 'C1' });
    inherited.channelNo = 2;
    const r = redactSecrets(inherited) as { deviceSerial: string };
    assert.strictEqual(r.deviceSerial, 'C1');
    assert.ok(isDeepStrictEqual(r, inherited));
    const own = JSON.parse('{"__proto__":{"cardPassword":"x"}}');
    assert.ok(isDeepStrictEqual(redactSecrets(own), JSON.parse('{"__proto__":{"cardPassword":"***"}}')));
    assert.strictEqual(({} as Record<string, unknown>).cardPassword, undefined, 'Object.prototype untouched');
    const buf = Buffer.from('CARD-1');
    assert.strictEqual(redactSecrets(buf, ['CARD-1']), buf);
    const cyc: Record<string, unknown> = { a: 1 };
    cyc.self = cyc;
    assert.deepStrictEqual(redactSecrets(cyc), { a: 1, self: '[Circular]' });
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const s = JSON.stringify(redactSecrets(v, ['x']) ?? null);
        return !/"(cardPassword|accessToken|appSecret)":"(?!\*\*\*)[^"]/.test(s);
      }),
    );
  });

  it('keeps no value over 64 KiB: a large Buffer, typed array or string is summarised by type and size', () => {
    const voice = Buffer.alloc(300 * 1024 * 1024);
    const small = Buffer.alloc(64 * 1024);
    const out = redactSecrets({
      deviceSerial: 'C1',
      voice,
      small,
      list: [new Uint8Array(65 * 1024), 'y'.repeat(64 * 1024 + 1)],
    }) as Record<string, unknown>;
    assert.deepStrictEqual(out.voice, { type: 'Buffer', bytes: 300 * 1024 * 1024 });
    assert.strictEqual(out.small, small, 'up to 64 KiB kept as it is');
    assert.deepStrictEqual(out.list, [
      { type: 'Uint8Array', bytes: 65 * 1024 },
      { type: 'string', length: 64 * 1024 + 1 },
    ]);
    assert.deepStrictEqual(redactSecrets(voice), { type: 'Buffer', bytes: 300 * 1024 * 1024 });
    assert.ok(JSON.stringify(out).length < 200 * 1024);
  });

  it('publicRequest drops secrets; wouldSend keeps the valid parameters; sameValue compares parsed values', () => {
    const spec = OPERATIONS['storage-open'];
    assert.deepStrictEqual(publicRequest(spec, { deviceSerial: 'C1', cardPassword: 'x', isImmediately: 1 }), {
      deviceSerial: 'C1',
      isImmediately: 1,
    });
    assert.deepStrictEqual(
      wouldSend(OPERATIONS['ptz-start'], {
        deviceSerial: 'c00000001',
        channelNo: '2',
        direction: 'sideways',
        speed: 'fast',
        duration: 5,
      }),
      { deviceSerial: 'C00000001', channelNo: 2, speed: 2 },
    );
    assert.deepStrictEqual(wouldSend(spec, { deviceSerial: 'C1', cardPassword: 'CARD' }), { deviceSerial: 'C1' });
    const dir = OPERATIONS['ptz-start'].params.find((p) => p.name === 'direction')!;
    assert.ok(sameValue(dir, 'right', 3));
    assert.ok(sameValue(dir, 'up', '0'));
    assert.ok(!sameValue(dir, 'up', 'right'));
    assert.ok(!sameValue(dir, 'up', 'sideways'));
    // values whose text throws (found by the input fuzzer): different, never a TypeError
    const serial = OPERATIONS['ptz-start'].params.find((p) => p.name === 'deviceSerial')!;
    const odd = [Object.create(null), { toString: 1 }, { valueOf: () => ({}), toString: () => ({}) }];
    for (const v of odd) {
      assert.strictEqual(sameValue(serial, 'C00000001', v), false);
      assert.strictEqual(sameValue(serial, v, 'C00000001'), false);
      assert.strictEqual(sameValue(serial, v, v), true);
    }
  });
});
