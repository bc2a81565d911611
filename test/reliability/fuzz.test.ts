// Fuzzed input (docs/reliability.md). For every operation node, fast-check generates node properties (any
// value, any type) and messages (any payload shape); many messages run through one loaded flow.
// Each message must get exactly one outcome within a bound, nothing may be thrown out of a node,
// invalid input sends nothing, valid input is sent with exactly the right fields (checked in the
// simulator's request log against the reference model of oracle.ts).

import assert from 'assert';
import path from 'path';
import { inspect, isDeepStrictEqual } from 'util';
import fc from 'fast-check';
import { OPERATIONS, OperationName, OperationSpec, ParamKind, ParamSpec } from '../../client/operations/operations';
import type { LogEntry, Simulator } from '../../simulator';
import { forgetProcessCopies } from '../../client/camera/presets';
import { SWITCH_NAMES } from '../../client/operations/switches';
import { fastRetries, helper, load, Msg, resetHooks, startSim, stopSim, unload } from '../support/red';
import { Expect, expectParam, isBlank, liveRules } from './oracle';
import { CATCH_ALL, fuzzFlow } from './flows';
import {
  countOutcome,
  FULL,
  inPart,
  lightSpies,
  prototypeClean,
  scanSaid,
  section,
  SEED,
  size,
  stateSecrets,
  summary,
  takeTrapped,
  trapProcess,
} from './support';

// Node-RED's own reading of typed properties (the runtime under test: see test/support/red.ts).
const NODE_RED = require.resolve(process.env.EZVIZ_NODE_RED || 'node-red');
const { util: REDUtil } = require(require.resolve('@node-red/util', { paths: [path.dirname(NODE_RED)] }));

const PER_NODE_TYPE = size(10000, 500);
const NODES_PER_FLOW = 12;
const MAX_RETRIES = 2;
const OUTCOME_BOUND_MS = 5000;
const SHRINK = process.env.RELIABILITY_SHRINK === '1';

const HUGE = 'C'.repeat(200000);
const STANDARD_TYPES = ['str', 'num', 'msg', 'flow', 'global', 'env'];
const MSG_PATHS = [
  'fz',
  'fz.a',
  'topic',
  'payload.deviceSerial',
  'payload["channelNo"]',
  'fz[0]',
  'a[',
  'a..b',
  '[0]',
  '__proto__.x',
  'constructor.name',
  'fz.a.b.c.d',
  'payload',
];
const CTX_KEYS = [
  'fzSerial',
  'fzChannel',
  'fzDirection',
  'fzNumber',
  'fzObject',
  'fzObject.deep',
  'fzMissing',
  '#:(memory)::fzSerial',
  '#:(nowhere)::fzSerial',
  'fzObject[',
  'fzArray[1]',
];
// (Not `${NAME}`: Node-RED itself replaces such property values when it creates the node.)
const ENV_NAMES = ['EZVIZ_FZ_SERIAL', 'EZVIZ_FZ_CHANNEL', 'EZVIZ_FZ_JUNK', 'EZVIZ_FZ_UNSET', 'NR_NODE_ID', ''];
const EXOTIC: Array<[string, string[]]> = [
  ['json', ['"C00000001"', '1', 'null', '{bad', '[1,2]', '{"a":1}']],
  ['bool', ['true', 'false', 'yes']],
  ['jsonata', ['$$.payload.deviceSerial', '"C00000001"', '1+1', '(((', '$error("x")']],
  ['bin', ['[1,2]', '{', '"abc"', '5']],
  ['re', ['[', 'a+']],
  ['date', ['', 'iso', 'object', 'YYYY']],
  ['bogus', ['C00000001', '']],
  ['', ['C00000001', '1']],
];

const SPECIAL = [
  '',
  ' ',
  '\u3000',
  '\ufeff',
  '\ufeff1\u00a0',
  '0',
  '-0',
  '+1',
  ' 1 ',
  '1.5',
  '1e2',
  '0x1',
  '\u0661',
  '\uff11',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'up',
  'UP',
  'Zoom_In',
  'up left',
  'down__right',
  'auto',
  'slow',
  'FAST',
  'center',
  'Left-Right',
  'yes',
  'TRUE',
  'false',
  'C00000001',
  'c00000001',
  ' C00000009 ',
  'C0000000B',
  'C00000002',
  'C00000003',
  '13800000001',
  '+8613800000001',
  '\u{1F600}',
  'é',
  'İ',
  '\u0000',
  'a'.repeat(65),
  HUGE,
];

const anything = fc.anything({
  maxDepth: 3,
  maxKeys: 6,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  key: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'deviceSerial', 'channelNo', 'index', 'toString'),
  ),
});

/** Any value at all: the shapes docs/reliability.md lists, and then some. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: anything },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.integer({ min: -300, max: 300 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<unknown>(
      ...SPECIAL,
      NaN,
      Infinity,
      -Infinity,
      -0,
      true,
      false,
      null,
      undefined,
      [],
      {},
      [1],
      Number.MAX_SAFE_INTEGER + 2,
      2 ** 53,
      1e21,
    ),
  },
);

const serialArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('C00000001', 'c00000001', ' C00000001 ', 'C0000000F') },
  fc.constantFrom(
    'C00000001',
    'c00000001',
    ' C00000001 ',
    'C00000002',
    'C00000003',
    'C00000009',
    'C0000000B',
    'C99999999',
    'C1',
  ),
  fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
  fc.nat(),
);

/** Values of `kind` the node must accept (mostly), in every accepted spelling. */
function validArb(kind: ParamKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'serial':
      return serialArb;
    case 'channel':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(1, '1', ' 1 ', '+1', '0001') },
        fc.integer({ min: 1, max: 256 }),
        fc.integer({ min: 1, max: 256 }).map((n) => ` ${n} `),
      );
    case 'index':
      return fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 256 }).map(String));
    case 'direction':
      return fc.oneof(
        fc.constantFrom(
          0,
          1,
          2,
          3,
          4,
          5,
          6,
          7,
          8,
          9,
          10,
          11,
          16,
          '16',
          'up',
          'Down',
          'LEFT',
          'up_right',
          'down left',
          'zoom-in',
          'focus-far',
          'auto',
        ),
      );
    case 'speed':
      return fc.constantFrom(0, 1, 2, '2', 'slow', 'Medium', 'FAST');
    case 'mirror':
      return fc.constantFrom(0, 1, 2, '0', 'up-down', 'left_right', 'Center');
    case 'presetName':
      return fc.string({ minLength: 1, maxLength: 64 });
    case 'cardPassword':
      return fc.oneof(
        fc.constantFrom('CARD-VALID-0001', 'CARD-USED-0001', 'CARD-BOUND-0001'),
        fc.stringMatching(/^[0-9A-F]{6,12}$/).map((h: string) => `CARD-FZ-${h}`),
      );
    case 'phone':
      return fc.oneof(
        fc.constantFrom('13800000001', '13800000002', '13900000000'),
        fc.stringMatching(/^\+?[0-9]{5,20}$/),
      );
    case 'immediately':
      return fc.constantFrom(0, 1, '1', true, false, 'true', 'FALSE', 'yes', 'no');
    case 'duration':
      return fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 600000 }));
    case 'switch':
      // Every switch by its name, and two written otherwise (in capitals, with an underscore).
      return fc.constantFrom<string>(...SWITCH_NAMES, 'Microphone', 'prompt_sound');
    case 'switchState':
      return fc.constantFrom(true, false, 0, 1, '1', 'on', 'OFF', 'true', 'away', 'home', 'sleep', 'short', 'mute');
    case 'protocol':
      return fc.constantFrom('hls', 'llhls', 'flv', 'rtmp', 'ezopen', 'HLS', 1, 2, 3, 4, 5, '2');
    case 'quality':
      return fc.constantFrom('hd', 'smooth', 'HD', 1, 2, '2');
    case 'lifetime':
      return fc.oneof(fc.constantFrom(30, 3600, '600', 62208000), fc.integer({ min: 30, max: 62208000 }));
    // (mostly live: playback needs a window and a protocol other than hls, which independent
    // values seldom give)
    case 'source':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('live', 'Live', 1, '1') },
        { weight: 1, arbitrary: fc.constantFrom('sd-card', 'SD_card', 'cloud', 2, 3) },
      );
    case 'playbackTime':
      return fc.constantFrom(
        '2026-03-01 10:00:00',
        '2026-03-01 11:00:00',
        '2026-03-02 09:00:00',
        Date.parse('2026-03-01T02:00:00Z'),
        '2026-03-01T03:00:00Z',
        new Date('2026-03-01T04:00:00Z'),
      );
    case 'verificationCode':
      return fc.constantFrom('ABCDEF', 'abcdef', 'WRONGX');
    case 'recordSource':
      return fc.constantFrom('auto', 'cloud', 'sd-card', 'Cloud', 0, 1, '2');
    case 'recordTime':
      return fc.constantFrom(
        Date.parse('2026-03-01T02:00:00Z'),
        '2026-03-01T03:00:00Z',
        '2026-03-01 10:00:00',
        new Date('2026-03-01T04:00:00Z'),
      );
    case 'clipSource':
      return fc.constantFrom('auto', 'cloud', 'sd-card', 'poll', 0, '2');
    case 'clipAround':
      return fc.constantFrom(0, 5, '10', 300);
    case 'clipSeconds':
      return fc.constantFrom(1, 60, '120', 600);
    case 'clipBytes':
      return fc.constantFrom(65536, '1048576', 104857600);
    case 'clipTimeout':
      return fc.constantFrom(1, 30, '150', 3600);
    case 'clipWait':
      return fc.constantFrom(0, '60', 600, 3600);
    case 'clipFormat':
      return fc.constantFrom('mp4', 'FLV', ' flv ');
    case 'setting':
      return fc.constantFrom('sensitivity', 'Schedule', 'infrared');
    case 'settingValue':
      return fc.constantFrom(
        0,
        3,
        '6',
        'low',
        'HIGH',
        'on',
        false,
        { enabled: true, start: '22:00', stop: '24:00', days: ['mon', 'sun'] },
        { start: '8:00', stop: '18:30' },
      );
    case 'firmwareAction':
      return fc.constantFrom('check', 'CHECK');
    case 'hubAction':
      return fc.constantFrom('list', 'List', 'arm', 'clear', 'rename');
    case 'hubMode':
      return fc.constantFrom('home', 'AWAY', 'sleep', 0, 1, '2');
    case 'onOff':
      return fc.constantFrom(true, false, 'on', 'OFF', 1, '0', 'yes');
    case 'detectorName':
      return fc.constantFrom('Front door', 'Kitchen smoke (2)', '客厅', 'a'.repeat(49));
    case 'sirenAction':
      return fc.constantFrom('start', 'STOP', 'tone');
    case 'tone':
      return fc.constantFrom('beep', 'Alarm', 'mute', 200, '201');
    case 'volume':
      return fc.oneof(fc.constantFrom(1, 100, '50'), fc.integer({ min: 1, max: 100 }));
  }
}

function valueArb(p: ParamSpec): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: validArb(p.kind) }, { weight: 2, arbitrary: junk });
}

/** Payloads: mostly records of the parameters (valid or not), often odd shapes and prototypes. */
function payloadArb(spec: OperationSpec): fc.Arbitrary<unknown> {
  const rec = fc.record(Object.fromEntries(spec.params.map((p) => [p.name, valueArb(p)])), { requiredKeys: [] });
  const shaped = fc
    .tuple(
      rec,
      fc.constantFrom('plain', 'null-proto', 'inherited', 'own-proto-key', 'constructor', 'array'),
      fc.dictionary(fc.string({ maxLength: 6 }), junk, { maxKeys: 3 }),
    )
    .map(([r, shape, more]) => {
      let o: Record<string, unknown>;
      if (shape === 'null-proto') o = Object.create(null);
      else if (shape === 'inherited') o = Object.create({ deviceSerial: 'C00000001', channelNo: 1 });
      else if (shape === 'array') o = Object.assign([], { length: 2 }) as unknown as Record<string, unknown>;
      else o = {};
      for (const [k, v] of Object.entries(more)) {
        try {
          Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
        } catch {
          /* e.g. an array's length */
        }
      }
      Object.assign(o, r);
      if (shape === 'own-proto-key') {
        Object.defineProperty(o, '__proto__', {
          value: { deviceSerial: 'C00000001', polluted: true },
          enumerable: true,
        });
      }
      if (shape === 'constructor')
        (o as Record<string, unknown>)['constructor'] = { prototype: { deviceSerial: 'C00000001', polluted: true } };
      return o;
    });
  const valid = fc.record(Object.fromEntries(spec.params.map((p) => [p.name, validArb(p.kind)])), {
    requiredKeys: spec.params.filter((p) => p.required).map((p) => p.name),
  });
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 6, arbitrary: shaped },
    { weight: 2, arbitrary: junk },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, NaN, Infinity, -0, HUGE, [], '', 'C00000001') },
    {
      weight: 1,
      arbitrary: fc
        .constant(null)
        .map(() =>
          JSON.parse('{"__proto__":{"deviceSerial":"C00000001","channelNo":1},"constructor":{"prototype":{"x":1}}}'),
        ),
    },
  );
}

interface Prop {
  value: unknown;
  type: unknown;
}

function propArb(p: ParamSpec): fc.Arbitrary<Prop> {
  const standard = fc.constantFrom(...STANDARD_TYPES).chain((type): fc.Arbitrary<Prop> => {
    switch (type) {
      case 'msg':
        return fc.constantFrom(...MSG_PATHS).map((value) => ({ value, type }));
      case 'flow':
      case 'global':
        return fc.constantFrom(...CTX_KEYS).map((value) => ({ value, type }));
      case 'env':
        return fc.constantFrom(...ENV_NAMES).map((value) => ({ value, type }));
      default:
        return fc
          .oneof(
            validArb(p.kind).map((v) => String(v)),
            junk,
          )
          .map((value) => ({ value, type }));
    }
  });
  const exotic = fc
    .constantFrom(...EXOTIC)
    .chain(([type, values]) => fc.constantFrom(...values).map((value) => ({ value, type })));
  const oddType = fc.record({
    value: fc.oneof(validArb(p.kind), junk),
    type: fc.constantFrom<unknown>(undefined, null, 7, {}, 'cred'),
  });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({ value: '', type: 'str' }) },
    { weight: 4, arbitrary: standard },
    { weight: 1, arbitrary: exotic },
    { weight: 1, arbitrary: oddType },
  );
}

interface NodePlan {
  id: string;
  props: Record<string, unknown>;
  errorWired: boolean;
  cardPassword?: string;
}

function nodePlans(spec: OperationSpec, seed: number): NodePlan[] {
  const plans: NodePlan[] = [];
  const standardOnly = fc.record(
    Object.fromEntries(
      spec.params.map((p) => [
        p.name,
        fc.oneof(
          fc.constant({ value: '', type: 'str' } as Prop),
          validArb(p.kind).map((v) => ({ value: String(v), type: 'str' }) as Prop),
          fc.constantFrom(...MSG_PATHS).map((value) => ({ value, type: 'msg' }) as Prop),
          fc.constantFrom(...CTX_KEYS).map((value) => ({ value, type: 'flow' }) as Prop),
          fc.constantFrom(...ENV_NAMES).map((value) => ({ value, type: 'env' }) as Prop),
        ),
      ]),
    ),
  );
  const any = fc.record(Object.fromEntries(spec.params.map((p) => [p.name, propArb(p)])));
  const samples = [
    ...fc.sample(standardOnly, { numRuns: 3, seed }),
    ...fc.sample(any, { numRuns: NODES_PER_FLOW - 4, seed: seed + 1 }),
  ];
  const cards = fc.sample(fc.option(validArb('cardPassword') as fc.Arbitrary<string>, { freq: 3 }), {
    numRuns: NODES_PER_FLOW,
    seed,
  });
  for (let i = 0; i < NODES_PER_FLOW; i++) {
    const props: Record<string, unknown> = {};
    const s = i === 0 ? undefined : (samples[i - 1] as Record<string, Prop>);
    for (const p of spec.params) {
      const prop = s?.[p.name];
      if (!prop) continue;
      // A flow file holds JSON: node properties are JSON values.
      if (prop.value !== undefined) props[p.name] = asJson(prop.value);
      if (prop.type !== undefined) props[`${p.name}Type`] = asJson(prop.type);
    }
    if (p0(spec, 'cardPassword') && i % 3 === 1) props.cardPasswordType = 'cred';
    // ezviz-live has nine parameters: on every other node its optional address settings stay
    // empty (read from the payload), or too few messages would be valid to check what is sent.
    if (spec.operation === 'live' && i % 2 === 1) {
      for (const n of ['quality', 'expire', 'source', 'start', 'end', 'verificationCode']) {
        delete props[n];
        delete props[`${n}Type`];
      }
    }
    plans.push({ id: `fz${i}`, props, errorWired: i % 2 === 0, cardPassword: cards[i] ?? undefined });
  }
  return plans;
}

function asJson(v: unknown): unknown {
  try {
    const s = JSON.stringify(v);
    // (An own `constructor` or `__proto__` key inside a property value makes the test helper's
    // check of the loaded flow (should.js deepEqual) fail on equal flows; an own `toString` that
    // is not a function makes Node-RED's own flow parser throw (flows/util.js parseConfig uses
    // every property value as a key), so no such flow ever reaches a node: left out.)
    return s === undefined
      ? String(v)
      : JSON.parse(s, (k, x) => (k === 'constructor' || k === '__proto__' || k === 'toString' ? undefined : x));
  } catch {
    return String(v);
  }
}

function p0(spec: OperationSpec, name: string): boolean {
  return spec.params.some((p) => p.name === name);
}

// ---- the oracle for one message ------------------------------------------------------------------

type Expected =
  | { kind: 'invalid'; param: string }
  | { kind: 'refused'; code: string; source: string }
  | { kind: 'send'; fields: Record<string, string>; camera?: string }
  | { kind: 'loose' };

/** Largest value msg.ezviz.input keeps as it came (docs/behaviour.md section 4): 64 KiB. */
const KEPT = 64 * 1024;

/**
 * The incoming payload as msg.ezviz.input holds it when it holds no secret (docs/behaviour.md
 * section 4): a string over 64 KiB becomes `{type: 'string', length}`, binary data over it
 * `{type, bytes}`; objects and arrays copied with their prototype and holes; dates, maps and the
 * like, and anything else, as they are.
 */
function keptInput(v: unknown, seen = new Set<object>()): unknown {
  if (typeof v === 'string') return v.length > KEPT ? { type: 'string', length: v.length } : v;
  if (v === null || typeof v !== 'object') return v;
  if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer)
    return v.byteLength > KEPT ? { type: v.constructor.name, bytes: v.byteLength } : v;
  const proto: unknown = Object.getPrototypeOf(v);
  const whole = [Date, RegExp, Map, Set, Promise, Error, Number, String, Boolean].some((c) => v instanceof c);
  if (seen.has(v) || whole) return v;
  seen.add(v);
  const o: Record<string, unknown> = Array.isArray(v) ? (new Array(v.length) as never) : Object.create(proto as null);
  if (Array.isArray(v) && proto !== Array.prototype) Object.setPrototypeOf(o, proto as null);
  for (const k of Object.keys(v))
    Object.defineProperty(o, k, {
      value: keptInput((v as Record<string, unknown>)[k], seen),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  seen.delete(v);
  return o;
}

/** Whether a secret's key is among the own keys at any depth (also an array's named field, which JSON drops). */
function secretKeyIn(v: unknown, seen = new Set<object>()): boolean {
  if (v === null || typeof v !== 'object' || seen.has(v) || ArrayBuffer.isView(v)) return false;
  seen.add(v);
  return Object.keys(v).some(
    (k) =>
      /^(cardPassword|accessToken|appSecret|verificationCode)$/.test(k) ||
      secretKeyIn((v as Record<string, unknown>)[k], seen),
  );
}

/** A verification code counts as given unless undefined, null or blank (docs/behaviour.md section 17). */
const givenCode = (v: unknown): boolean => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '');

function expectFor(spec: OperationSpec, plan: NodePlan, node: unknown, msg: Msg, locked: Set<string>): Expected {
  const raw: Record<string, unknown> = {};
  let loose = false;
  for (const p of spec.params) {
    const v = plan.props[p.name];
    const value = v === undefined || v === null ? '' : String(v);
    const tv = plan.props[`${p.name}Type`];
    const type = typeof tv === 'string' ? tv : 'str';
    const fromPayload = () =>
      msg.payload !== null && typeof msg.payload === 'object' ? msg.payload[p.name] : undefined;
    if (p.name === 'verificationCode' && givenCode(fromPayload())) {
      // The message's code wins over the node's (docs/behaviour.md section 17): message > node > account.
      raw[p.name] = fromPayload();
    } else if (type === 'cred') {
      raw[p.name] = p.name === 'cardPassword' && !isBlank(plan.cardPassword) ? plan.cardPassword : fromPayload();
    } else if (value === '') raw[p.name] = fromPayload();
    else if (type === 'str' || type === 'num') raw[p.name] = value;
    else if (type === 'msg' || type === 'flow' || type === 'global' || type === 'env') {
      try {
        raw[p.name] = REDUtil.evaluateNodeProperty(value, type, node, msg);
      } catch {
        // (the node reads in order: an exotic property before this one may fail first)
        return loose ? { kind: 'loose' } : { kind: 'invalid', param: p.name };
      }
    } else loose = true;
  }
  if (loose) return { kind: 'loose' };
  const fields: Record<string, string> = {};
  const hasName = spec.operation !== 'preset-add' && p0(spec, 'presetName') && !isBlank(raw.presetName);
  let nameInstead = false;
  for (const p of spec.params) {
    const e: Expect = expectParam(p.kind, p.required, raw[p.name]);
    if (e === 'missing' && p.name === 'index' && hasName) {
      nameInstead = true;
      continue;
    }
    if (e === 'missing' || e === 'invalid') return { kind: 'invalid', param: p.name };
    if (e !== 'absent' && p.sent) fields[p.apiName ?? p.name] = e.sent;
  }
  if (spec.operation === 'live') {
    const broken = liveRules(fields);
    if (broken) return { kind: 'invalid', param: broken };
  }
  // No preset names are ever added in these flows: a name alone names no preset.
  // (The message quotes the name: `Unknown preset name "door" ...`.)
  if (nameInstead)
    return {
      kind: 'invalid',
      param: JSON.stringify((expectParam('presetName', false, raw.presetName) as { sent: string }).sent),
    };
  if (spec.operation === 'storage-open' && locked.has(fields.deviceSerial)) {
    return { kind: 'refused', code: '60030', source: 'local' };
  }
  return { kind: 'send', fields, camera: spec.cameraQueue ? `${fields.deviceSerial}/${fields.channelNo}` : undefined };
}

// ---- the run ---------------------------------------------------------------------------------------

interface Outcome {
  port: 'ok' | 'err' | 'caught';
  msg: Msg;
  at: number;
}

describe('reliability: fuzzed input', function () {
  this.timeout(0);
  let sim: Simulator;

  before(async () => {
    trapProcess();
    takeTrapped();
    process.env.EZVIZ_FZ_SERIAL = 'c00000001';
    process.env.EZVIZ_FZ_CHANNEL = '1';
    process.env.EZVIZ_FZ_JUNK = ' \u3000 ';
    delete process.env.EZVIZ_FZ_UNSET;
    sim = await startSim({ logLimit: 100000 });
  });
  after(async () => {
    resetHooks();
    await stopSim(sim);
  });
  afterEach(async () => {
    if (loaded) await unload();
    loaded = false;
  });
  let loaded = false;

  const ops = Object.keys(OPERATIONS) as OperationName[];
  ops.forEach((op, opIndex) => {
    if (!inPart(opIndex, 'fuzz')) return;
    const spec = OPERATIONS[op];
    it(
      `${op}: ${PER_NODE_TYPE} generated messages through ${NODES_PER_FLOW} generated nodes: one outcome each, ` +
        'right fields or nothing sent',
      async () => {
        const started = Date.now();
        const seed = SEED + opIndex * 7919;
        const plans = nodePlans(spec, seed);
        const flow = fuzzFlow(
          sim.url,
          { timeout: 2000, maxRetries: MAX_RETRIES },
          plans.map((pl) => ({
            id: pl.id,
            type: spec.type,
            name: 'fuzz',
            ...pl.props,
            wires: [['ok'], pl.errorWired ? ['err'] : []],
          })),
          CATCH_ALL,
        );
        const credentials: Record<string, Record<string, string>> = { cfg: { accessToken: 'at.demo-token' } };
        for (const pl of plans) if (pl.cardPassword) credentials[pl.id] = { cardPassword: pl.cardPassword };
        fastRetries();
        // A fresh runtime per operation: no preset names kept in this process by an earlier test
        // (the oracle knows no names: preset-add's test ran with the same config node id).
        forgetProcessCopies();
        loaded = true; // (set first: a flow that fails to load is unloaded too, restoring the helper's spies)
        await load(flow, credentials);
        lightSpies();

        const anyNode = helper.getNode('fz0');
        const flowCtx = anyNode.context().flow;
        const globalCtx = anyNode.context().global;
        for (const ctx of [flowCtx, globalCtx]) {
          ctx.set('fzSerial', 'C00000001');
          ctx.set('fzChannel', 1);
          ctx.set('fzDirection', 'up');
          ctx.set('fzNumber', NaN);
          ctx.set('fzObject', { deep: ' 2 ' });
          ctx.set('fzArray', ['x', 'C00000001']);
        }

        const outcomes = new Map<string, Outcome[]>();
        const waiters = new Map<string, () => void>();
        for (const port of ['ok', 'err', 'caught'] as const) {
          helper.getNode(port).on('input', (m: Msg) => {
            const list = outcomes.get(m._msgid) ?? [];
            list.push({ port, msg: m, at: Date.now() });
            outcomes.set(m._msgid, list);
            waiters.get(m._msgid)?.();
          });
        }
        const locked = new Set<string>();
        const cardsSeen = new Set<string>();
        let seq = 0;
        let sent = 0;
        let valid = 0;

        const msgArb = fc.record({
          node: fc.nat(NODES_PER_FLOW - 1),
          payload: payloadArb(spec),
          fz: junk,
          topic: fc.oneof(fc.constant(undefined), junk),
        });

        await fc.assert(
          fc.asyncProperty(msgArb, async (m) => {
            const plan = plans[m.node];
            const node = helper.getNode(plan.id);
            const id = `${op}-${++seq}`;
            const msg: Msg = { _msgid: id, payload: m.payload, fz: m.fz, topic: m.topic };
            if (
              msg.payload &&
              typeof msg.payload === 'object' &&
              typeof msg.payload.cardPassword === 'string' &&
              /^CARD-/.test(msg.payload.cardPassword)
            ) {
              cardsSeen.add(msg.payload.cardPassword);
            }
            // The verification codes of the generator (validArb) are secrets too.
            if (
              msg.payload &&
              typeof msg.payload === 'object' &&
              ['ABCDEF', 'abcdef', 'WRONGX'].includes(msg.payload.verificationCode)
            ) {
              cardsSeen.add(msg.payload.verificationCode);
            }
            const expected = expectFor(spec, plan, node, msg, locked);
            if (process.env.RELIABILITY_DEBUG) console.log(id, JSON.stringify(plan.props), expected);
            const payloadBefore = msg.payload;
            sim.clearLog();
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, OUTCOME_BOUND_MS);
              waiters.set(id, () => {
                clearTimeout(timer);
                resolve();
              });
              node.receive(msg);
            });
            waiters.delete(id);
            const answered = outcomes.has(id);
            assert.ok(answered, `${id}: no outcome within ${OUTCOME_BOUND_MS} ms`);
            const [out] = outcomes.get(id)!;
            summary.messages++;
            // What was sent for this message (timed stops of earlier moves go to the stop path).
            const log: LogEntry[] = sim.requestLog();
            const mine = log.filter((e) => e.path === spec.path);
            // The config node locks a device after 60030 whatever message drew it (docs/behaviour.md section 5),
            // also one of node settings this oracle does not judge (exotic types).
            if (op === 'storage-open') for (const e of mine) if (e.code === '60030') locked.add(e.fields.deviceSerial);
            summary.requests += log.length;
            sent += mine.length;
            countOutcome(`fuzz:${out.port}`);
            assert.ok(out.port !== 'caught' || !plan.errorWired, `${id}: Catch node used although output 2 is wired`);
            assert.ok(out.port !== 'err' || plan.errorWired);
            let err = out.port === 'ok' ? undefined : (out.msg.error as Record<string, unknown>);
            if (out.port === 'caught') {
              // The Catch node's msg.error is Node-RED's {message, source}; the error itself is the one
              // the node handed to done(err) (node.error(err, msg)).
              const spy = (helper as unknown as { _NodePrototype: { error: { args: unknown[][] } } })._NodePrototype
                .error;
              const call = spy.args.find((a) => (a[1] as Msg | undefined)?._msgid === id);
              assert.ok(call, `${id}: caught without node.error(err, msg)`);
              const e = call![0] as { name?: string; toJSON?: () => Record<string, unknown> };
              assert.strictEqual(e?.name, 'EzvizError', `${id}: done(err) with a foreign error: ${String(e)}`);
              err = e.toJSON!();
              // Node-RED shows the error's own text, no class-name prefix (docs/behaviour.md section 4).
              assert.strictEqual(out.msg.error.message, err.message);
            }
            if (out.port === 'err') {
              // (The Catch node gets Node-RED's clone of the message; output 2 the message itself.)
              // Output 2 (0.2): msg.payload is the error, the incoming payload is in msg.ezviz.input
              // with secrets masked; where it holds no secret it is kept as it came.
              assert.ok(isDeepStrictEqual(out.msg.payload, out.msg.error), `${id}: output 2 payload is not the error`);
              let json: string | undefined;
              try {
                json = JSON.stringify(payloadBefore);
              } catch {
                json = undefined;
              }
              const maySecret =
                json === undefined ||
                /"(cardPassword|accessToken|appSecret|verificationCode)"/.test(json) ||
                secretKeyIn(payloadBefore) ||
                // a code the node reads (a setting) is a secret of this message: a value equal to it is masked
                (p0(spec, 'verificationCode') && !isBlank(plan.props.verificationCode)) ||
                op === 'storage-open' ||
                op === 'live';
              const input = (out.msg.ezviz as Msg | undefined)?.input;
              // (a message sent to several wires is cloned by Node-RED: compare with such a clone too;
              // a value over 64 KiB is kept as its summary, docs/behaviour.md section 4)
              const kept = keptInput(payloadBefore);
              assert.ok(
                maySecret ||
                  input === payloadBefore ||
                  isDeepStrictEqual(input, kept) ||
                  isDeepStrictEqual(input, keptInput(REDUtil.cloneMessage({ payload: payloadBefore }).payload)),
                `${id}: msg.ezviz.input is not the incoming payload: ${process.env.RELIABILITY_DEBUG ? inspect([Object.getPrototypeOf(Object(input)), Object.getPrototypeOf(Object(payloadBefore)), Object.getOwnPropertyNames(Object(input)), Object.getOwnPropertyNames(Object(payloadBefore)), Object.getOwnPropertyDescriptors(Object(input))], { depth: 3, maxStringLength: 80 }) : ''}${inspect(input, { maxStringLength: 80 })} for ${inspect(payloadBefore, { maxStringLength: 80 })}`,
              );
            }

            if (expected.kind === 'invalid') {
              assert.deepStrictEqual(mine, [], `${id}: request sent for invalid input (${expected.param})`);
              if (op !== 'ptz-start') assert.deepStrictEqual(log, [], `${id}: request sent for invalid input`);
              assert.ok(err, `${id}: invalid input (${expected.param}) went to the success output`);
              assert.strictEqual(err!.code, '10001', `${id}: ${JSON.stringify(err)}`);
              assert.strictEqual(err!.source, 'validation');
              assert.ok(
                String(err!.message).includes(expected.param),
                `${id}: message names ${expected.param}: ${err!.message}`,
              );
              countOutcome('fuzz:invalid');
            } else if (expected.kind === 'refused') {
              assert.deepStrictEqual(mine, [], `${id}: request sent although refused locally`);
              assert.ok(
                err && err.code === expected.code && err.source === expected.source,
                `${id}: ${JSON.stringify(err)}`,
              );
            } else if (expected.kind === 'send') {
              valid++;
              const stopFailed =
                spec.cameraQueue &&
                log.some(
                  (e) =>
                    e.path === OPERATIONS['ptz-stop'].path &&
                    `${e.fields.deviceSerial}/${e.fields.channelNo}` === expected.camera &&
                    e.code !== '200',
                );
              // A live address may come from the config node's shared cache: no request then.
              const shared = op === 'live' && out.port === 'ok' && (out.msg.ezviz as Msg).shared === true;
              if (mine.length === 0 && shared) {
                const req: Record<string, string> = {};
                for (const [k, v] of Object.entries((out.msg.ezviz as Msg).request)) req[k] = String(v);
                const want = { ...expected.fields };
                delete want.code;
                assert.deepStrictEqual(req, want, `${id}: msg.ezviz.request of a shared address`);
                countOutcome('fuzz:shared');
              } else if (mine.length === 0) {
                assert.ok(
                  stopFailed && err,
                  `${id}: valid input not sent: ${JSON.stringify(expected.fields)} -> ` +
                    `${JSON.stringify(err ?? out.msg.ezviz)}`,
                );
              } else {
                assert.ok(mine.length <= (spec.idempotent ? 1 + MAX_RETRIES : 1), `${id}: sent ${mine.length} times`);
                for (const e of mine) {
                  const want: Record<string, string> = { accessToken: '***', ...expected.fields };
                  if (want.cardPassword !== undefined) want.cardPassword = '***'; // masked in the log
                  if (want.code !== undefined && op === 'live') want.code = '***';
                  assert.deepStrictEqual(e.fields, want, `${id}: fields sent`);
                }
                const last = mine[mine.length - 1];
                if (last.code === '200') {
                  assert.strictEqual(out.port, 'ok', `${id}: 200 but ${JSON.stringify(err)}`);
                  const ez = out.msg.ezviz as { code: string; request: Record<string, unknown>; operation: string };
                  assert.strictEqual(ez.code, '200');
                  assert.strictEqual(ez.operation, op);
                  const req: Record<string, string> = {};
                  for (const [k, v] of Object.entries(ez.request)) req[k] = String(v);
                  const want = { ...expected.fields };
                  delete want.cardPassword;
                  if (op === 'live') delete want.code;
                  if (op === 'ptz-stop' && req.direction !== undefined && want.direction === undefined)
                    delete req.direction;
                  assert.deepStrictEqual(req, want, `${id}: msg.ezviz.request`);
                } else {
                  assert.ok(err, `${id}: code ${last.code} went to the success output`);
                  assert.strictEqual(err!.code, last.code ?? `HTTP_${last.httpStatus}`, `${id}: error code`);
                }
              }
            } else {
              // Node properties of types the editor does not offer: any one outcome, but nothing
              // malformed may be sent.
              countOutcome('fuzz:exotic');
              for (const e of mine) {
                for (const p of spec.params) {
                  const k = p.apiName ?? p.name;
                  if (!p.sent || e.fields[k] === undefined) continue;
                  if (p.secret) continue;
                  const again = expectParam(p.kind, p.required, e.fields[k]);
                  assert.ok(
                    typeof again === 'object' && again.sent === e.fields[k],
                    `${id}: malformed ${k}=${JSON.stringify(e.fields[k])} sent`,
                  );
                }
              }
            }
            const trapped = takeTrapped();
            assert.deepStrictEqual(trapped, [], `${id}: ${trapped.join('\n')}`);
          }),
          { numRuns: PER_NODE_TYPE, seed, endOnFailure: !SHRINK },
        );

        // No message answered twice, nothing late.
        await new Promise((r) => setTimeout(r, 100));
        let dup = 0;
        for (const [id, list] of outcomes)
          if (list.length !== 1) {
            dup++;
            assert.fail(`${id} answered ${list.length} times`);
          }
        summary.duplicates += dup;
        assert.strictEqual(outcomes.size, seq, 'every message answered');
        const scan = scanSaid([...cardsSeen, ...stateSecrets(sim.state)]);
        summary.thrown += scan.foreignErrors.length;
        assert.deepStrictEqual(scan.foreignErrors, [], 'something was thrown out of a node');
        assert.deepStrictEqual(scan.hits, [], 'secrets in what the nodes said');
        assert.ok(prototypeClean(), 'Object.prototype untouched');
        resetHooks();
        loaded = false;
        await unload();
        assert.deepStrictEqual(takeTrapped(), []);
        section(`fuzz ${op}`, started, `${seq} messages, ${valid} valid, ${sent} sent`);
        assert.ok(valid > seq / 50, `enough valid messages to test the sent fields (${valid} of ${seq})`);
        if (FULL) assert.ok(seq >= 10000);
      },
    );
  });
});
