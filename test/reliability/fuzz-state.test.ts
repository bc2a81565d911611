// Input fuzzing of ezviz-switch and ezviz-device: generated node settings (literal,
// from msg, from a flow variable, a verification code credential or none) and generated messages
// (records of the parameters with valid and junk values, msg.payload itself a state or junk, odd
// shapes), against the simulator. Judged per message by a reading of docs/behaviour.md section 12 of its own:
// where each value comes from (setting, msg.payload.<name>, msg.payload itself for the state),
// whether the switch takes the state, whether encryption off has its code; then exactly one
// outcome in its bound, invalid input a validation error with nothing sent, valid input the one
// set call of its switch with the right fields (at most 1 + maxRetries times) and the outcome its
// reply says ("already so" a success with changed false), a device read the three reads; the
// verification code never said, masked in msg.ezviz.input.

import assert from 'assert';
import fc from 'fast-check';
import type { Simulator } from '../../simulator';
import { STATE_CALLS, STATE_NODES } from '../../client/operations/state-calls';
import { stateOf, switchOf, SWITCH_NAMES, STATE_WORDS } from '../../client/operations/switches';
import { fastRetries, helper, load, resetHooks, secrets, startSim, stopSim, unload } from '../support/red';
import { expectParam } from './oracle';
import { CATCH_ALL, fuzzFlow } from './flows';
import { countOutcome, inPart, lightSpies, scanSaid, section, SEED, size, summary } from './support';

const PER_NODE_TYPE = size(2000, 150);
const NODES = 8;
const MAX_RETRIES = 2;
const OUTCOME_BOUND_MS = 5000;
const CODE = 'PQRSTU';
/** The code kept in the nodes' credentials: the package's own secret, never said (codes a message
 * carries travel with that message on the Catch path, as docs/behaviour.md section 4 says). */
const CRED = 'QXCRED';
const STATE_PATHS = new Set(Object.values(STATE_CALLS).map((c) => c.path));

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Kind = 'switch' | 'device';
interface Plan {
  id: string;
  props: Record<string, unknown>;
  errorWired: boolean;
  cred: boolean;
}

const junk = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom<unknown>(
    '',
    ' ',
    'on ',
    'ON',
    'True',
    'yes',
    2,
    -1,
    1.5,
    NaN,
    null,
    undefined,
    [],
    {},
    { toString: 1 },
    'defence ',
    'Privacy',
    'prompt_sound',
    'alarm sound',
    'HOME',
    'x'.repeat(70),
  ),
);
const serial = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'C00000001',
      'c00000005',
      ' C00000015 ',
      'C00000003',
      'C00000002',
      'C00000014',
      'C99999999',
    ),
  },
  fc.constantFrom('C-1', '', 'C'.repeat(65), 12345),
);
const value = (name: string): fc.Arbitrary<unknown> => {
  switch (name) {
    case 'deviceSerial':
      return serial;
    case 'channelNo':
      return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(1, '1', undefined) }, fc.constantFrom(0, 2, 'x', 300));
    case 'switch':
      return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...SWITCH_NAMES) }, junk);
    case 'state':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom<unknown>(...STATE_WORDS, true, false, 0, 1, '0', '1') },
        junk,
      );
    default:
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(CODE, 'WRONGY', 'abcd') },
        fc.constantFrom('', 'AB CD', 7, 'a', 'ABC', 'Q'.repeat(33)),
      );
  }
};

/** The error a node handed to done(err) for message `id` (the Catch node's copy is Node-RED's). */
function caughtError(id: string): Msg | undefined {
  const spy = (helper as unknown as { _NodePrototype: { error: { args: unknown[][] } } })._NodePrototype.error;
  const call = spy.args.find((a) => (a[1] as Msg | undefined)?._msgid === id);
  const e = call?.[0] as { toJSON?: () => Msg } | undefined;
  return typeof e?.toJSON === 'function' ? e.toJSON() : call ? { foreign: String(call[0]) } : undefined;
}

/** Node settings of one generated node. */
function planArb(kind: Kind): fc.Arbitrary<Omit<Plan, 'id'>> {
  const params = STATE_NODES[kind].params;
  const prop = (name: string) =>
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc.constant({ v: '', t: name === 'switch' ? 'switch' : name === 'state' ? 'switchState' : 'str' }),
      },
      {
        weight: 3,
        arbitrary: value(name).map((v) => ({
          v: v === undefined || v === null ? '' : typeof v === 'object' ? '' : String(v),
          t: name === 'switch' ? 'switch' : name === 'state' ? 'switchState' : name === 'channelNo' ? 'num' : 'str',
        })),
      },
      { weight: 1, arbitrary: fc.constant({ v: `payload.fz${name}`, t: 'msg' }) },
      { weight: name === 'state' ? 1 : 0, arbitrary: fc.constant({ v: 'fzState', t: 'flow' }) },
    );
  return fc
    .tuple(fc.tuple(...params.map((p) => prop(p.name))), fc.boolean(), fc.boolean())
    .map(([vals, errorWired, cred]) => {
      const props: Record<string, unknown> = {};
      params.forEach((p, i) => {
        props[p.name] = p.secret ? '' : vals[i].v;
        props[`${p.name}Type`] = p.secret ? (cred ? 'cred' : 'str') : vals[i].t;
      });
      if (kind === 'device') props.watch = 0;
      return { props, errorWired, cred };
    });
}

function payloadArb(kind: Kind): fc.Arbitrary<unknown> {
  const names = STATE_NODES[kind].params.map((p) => p.name);
  const fields = Object.fromEntries(
    [...names, ...names.map((n) => `fz${n}`)].map((n) => [n, value(n.replace(/^fz/, ''))]),
  );
  const rec = fc.record(fields, { requiredKeys: [] });
  const full = fc.record(fields, { requiredKeys: names.filter((n) => n !== 'channelNo' && n !== 'verificationCode') });
  return fc.oneof(
    { weight: 4, arbitrary: full },
    { weight: 3, arbitrary: rec },
    { weight: 2, arbitrary: value('state') },
    { weight: 1, arbitrary: junk },
  );
}

/** A msg property Node-RED cannot read: `payload.x` of a payload null or undefined (its
 * getMessageProperty throws; the node refuses the message, docs/behaviour.md section 4). */
const UNREADABLE = Symbol('unreadable');

/** Where a parameter's value comes from for this message (docs/behaviour.md section 4, s12), or UNREADABLE. */
function raw(plan: Plan, name: string, msg: Msg, flowState: unknown): unknown {
  const v = String(plan.props[name] ?? '');
  const t = String(plan.props[`${name}Type`] ?? 'str');
  const pl = msg.payload;
  if (name === 'verificationCode') {
    // docs/behaviour.md section 17: the message's code, else the node's credential (else the
    // account's list: none here).
    const given = pl !== null && typeof pl === 'object' ? (pl as Msg).verificationCode : undefined;
    if (given !== undefined && given !== null && !(typeof given === 'string' && given.trim() === '')) return given;
    if (plan.cred) return CRED;
  }
  if (v !== '' && t !== 'cred') {
    if (t === 'msg') {
      if (pl === null || pl === undefined) return UNREADABLE;
      return typeof pl === 'object' ? (pl as Msg)[v.slice('payload.'.length)] : undefined;
    }
    if (t === 'flow') return flowState;
    return v;
  }
  if (name === 'state' && ['boolean', 'number', 'string'].includes(typeof pl)) return pl;
  return pl !== null && typeof pl === 'object' ? (pl as Msg)[name] : undefined;
}

/** The switches as docs/api/watch-api.md sections 2-3 write them (this test's own reading, not
 * the package's table): the set path per state, the field and its value, the "already so" codes. */
const L = '/api/lapp';
const ON_OFF = { on: 1, off: 0 };
const SPEC: Record<
  string,
  {
    field?: string;
    values: Record<string, number | undefined>;
    path: string | Record<string, string>;
    perChannel: boolean;
    already: string[];
  }
> = {
  defence: {
    field: 'isDefence',
    values: { on: 1, off: 0, sleep: 0, home: 8, away: 16 },
    path: `${L}/device/defence/set`,
    perChannel: false,
    already: ['60021', '60022'],
  },
  privacy: {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/device/scene/switch/set`,
    perChannel: true,
    already: ['60022'],
  },
  microphone: {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/camera/video/sound/set`,
    perChannel: true,
    already: ['60022'],
  },
  'prompt-sound': {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/device/sound/switch/set`,
    perChannel: true,
    already: ['60022'],
  },
  'status-light': {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/device/light/switch/set`,
    perChannel: true,
    already: ['60022'],
  },
  'fullday-record': {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/device/fullday/record/switch/set`,
    perChannel: true,
    already: ['60022'],
  },
  'motion-tracking': {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/device/mobile/status/set`,
    perChannel: true,
    already: ['60022'],
  },
  'offline-notify': {
    field: 'enable',
    values: ON_OFF,
    path: `${L}/device/notify/switch`,
    perChannel: false,
    already: ['60022'],
  },
  encryption: {
    values: { on: undefined, off: undefined },
    path: { on: `${L}/device/encrypt/on`, off: `${L}/device/encrypt/off` },
    perChannel: false,
    already: ['60016', '60019'],
  },
  'alarm-sound': {
    field: 'type',
    values: { short: 0, long: 1, mute: 2 },
    path: `${L}/device/alarm/sound/set`,
    perChannel: false,
    already: ['60022'],
  },
};

type Expect =
  | { kind: 'invalid' }
  | { kind: 'set'; path: string; fields: Record<string, string>; already: string[] }
  | { kind: 'read'; serial: string };

function expectFor(kind: Kind, plan: Plan, msg: Msg, flowState: unknown): Expect {
  const get = (n: string) => raw(plan, n, msg, flowState);
  const names = STATE_NODES[kind].params.map((p) => p.name);
  if (names.some((n) => get(n) === UNREADABLE)) return { kind: 'invalid' };
  // Serial, channel and code by the suite's own reading of the rules (oracle.ts), not the package's.
  const parse = (n: string): { ok: boolean; value?: string } => {
    const sp = STATE_NODES[kind].params.find((p) => p.name === n)!;
    const e = expectParam(sp.kind, sp.required, get(n));
    return e === 'invalid' || e === 'missing'
      ? { ok: false }
      : { ok: true, value: e === 'absent' ? undefined : e.sent };
  };
  const ser = parse('deviceSerial');
  const ch = parse('channelNo');
  if (!ser.ok || !ch.ok) return { kind: 'invalid' };
  if (kind === 'device') return { kind: 'read', serial: String(ser.value) };
  const rs = get('switch');
  const rst = get('state');
  const name =
    rs === undefined || rs === null || (typeof rs === 'string' && rs.trim() === '') ? undefined : switchOf(rs);
  const state =
    rst === undefined || rst === null || (typeof rst === 'string' && rst.trim() === '') ? undefined : stateOf(rst);
  if (!name || !state) return { kind: 'invalid' };
  const code = parse('verificationCode');
  if (!code.ok) return { kind: 'invalid' };
  const sw = SPEC[name];
  if (!Object.prototype.hasOwnProperty.call(sw.values, state)) return { kind: 'invalid' };
  const off = name === 'encryption' && state === 'off';
  if (off && code.value === undefined) return { kind: 'invalid' };
  const fields: Record<string, string> = { accessToken: '***', deviceSerial: String(ser.value) };
  if (sw.perChannel && ch.value !== undefined) fields.channelNo = String(ch.value);
  if (sw.field) fields[sw.field] = String(sw.values[state]);
  if (off) fields.validateCode = '***';
  return { kind: 'set', path: typeof sw.path === 'string' ? sw.path : sw.path[state], fields, already: sw.already };
}

(['switch', 'device'] as const).forEach((kind, index) => {
  if (!inPart(index, 'fuzz-state')) return;
  describe(`reliability: generated input to ezviz-${kind}`, function () {
    this.timeout(0);
    let sim: Simulator;
    before(async () => {
      sim = await startSim({ logLimit: 100000 });
      secrets.add(CRED);
    });
    after(async () => {
      resetHooks();
      await unload();
      await stopSim(sim);
    });

    it(
      `${kind}: ${PER_NODE_TYPE} generated messages through ${NODES} generated nodes: one outcome each, the right call ` +
        'or nothing sent, no secret',
      async () => {
        const started = Date.now();
        const plans = fc
          .sample(planArb(kind), { numRuns: NODES, seed: SEED + 19 + index })
          .map((p, i) => ({ ...p, id: `fz${i}` }));
        const flow = fuzzFlow(
          sim.url,
          { timeout: 2000, maxRetries: MAX_RETRIES },
          plans.map((pl) => ({
            id: pl.id,
            type: STATE_NODES[kind].type,
            name: 'fuzz',
            ...pl.props,
            wires: [['ok'], pl.errorWired ? ['err'] : []],
          })),
          CATCH_ALL,
        );
        const credentials: Record<string, Record<string, string>> = { cfg: { accessToken: 'at.demo-token' } };
        for (const pl of plans) if (pl.cred) credentials[pl.id] = { verificationCode: CRED };
        fastRetries();
        await load(flow, credentials);
        lightSpies();
        for (const pl of plans)
          assert.ok(helper.getNode(pl.id), `node ${pl.id} ${JSON.stringify(pl.props)} not created`);
        const outs = new Map<string, { port: string; msg: Msg }[]>();
        for (const port of ['ok', 'err', 'caught']) {
          helper
            .getNode(port)
            .on('input', (m: Msg) => outs.set(m._msgid, [...(outs.get(m._msgid) ?? []), { port, msg: m }]));
        }
        const problems: string[] = [];
        let seq = 0;
        const counts = { invalid: 0, sent: 0 };
        await fc.assert(
          fc.asyncProperty(
            fc.nat(NODES - 1),
            payloadArb(kind),
            fc.constantFrom<unknown>(true, 'away', 'maybe', undefined),
            async (n, payload, flowState): Promise<void> => {
              const plan = plans[n];
              const node = helper.getNode(plan.id);
              node.context().flow.set('fzState', flowState);
              const id = `${kind}-${++seq}`;
              const msg: Msg = { _msgid: id, payload };
              const want = expectFor(kind, plan, msg, flowState);
              sim.clearLog();
              node.receive(msg);
              const t0 = Date.now();
              while (!outs.has(id) && Date.now() - t0 < OUTCOME_BOUND_MS) await new Promise((r) => setTimeout(r, 2));
              await new Promise((r) => setImmediate(r));
              const got = outs.get(id) ?? [];
              const say = (m: string) =>
                problems.push(`${id} ${JSON.stringify(plan.props)} ${JSON.stringify(payload)?.slice(0, 200)}: ${m}`);
              summary.messages++;
              if (got.length !== 1) return void say(`${got.length} outcomes`);
              const [out] = got;
              countOutcome(`fuzz-state:${out.port}`);
              const log = sim.requestLog().filter((e) => STATE_PATHS.has(e.path));
              summary.requests += log.length;
              // (caught: the error the node gave done(err), kept by the helper's spy on node.error)
              const err = out.port === 'ok' ? undefined : out.port === 'err' ? out.msg.error : caughtError(id);
              const input = out.port === 'err' ? out.msg.ezviz?.input : undefined;
              if (
                input &&
                typeof input === 'object' &&
                typeof (payload as Msg)?.verificationCode === 'string' &&
                (payload as Msg).verificationCode.trim() !== '' &&
                input.verificationCode !== '***'
              )
                say('verificationCode not masked in msg.ezviz.input');
              if (want.kind === 'invalid') {
                counts.invalid++;
                if (log.length) say(`sent ${log.map((e) => e.path)} for invalid input`);
                if (out.port === 'ok') say('invalid input succeeded');
                else if (err && (err.code !== '10001' || err.source !== 'validation'))
                  say(`error ${JSON.stringify(err)}`);
                return;
              }
              counts.sent++;
              if (want.kind === 'read') {
                const info = log.filter((e) => e.path === STATE_CALLS['device-info'].path);
                if (info.length < 1 || info.length > 1 + MAX_RETRIES)
                  say(`${info.length} device/info reads (${out.port} ${JSON.stringify(err)?.slice(0, 300)})`);
                if (info.some((e) => e.fields.deviceSerial !== want.serial)) say('wrong camera read');
                const last = (p: string) => log.filter((e) => e.path === p).pop()?.code;
                const fine =
                  last(STATE_CALLS['device-info'].path) === '200' &&
                  [STATE_CALLS['device-status'].path, STATE_CALLS['privacy-status'].path].every((p) =>
                    ['200', '20007', '60020'].includes(last(p) ?? ''),
                  );
                if (fine !== (out.port === 'ok'))
                  say(`reads ${log.map((e) => e.code)} but ${out.port} ${JSON.stringify(err)}`);
                return;
              }
              const mine = log.filter((e) => e.path === want.path);
              if (mine.length !== log.length) say(`other calls sent: ${log.map((e) => e.path)}`);
              if (mine.length < 1 || mine.length > 1 + MAX_RETRIES)
                return void say(`${mine.length} requests to ${want.path}`);
              for (const e of mine)
                if (JSON.stringify(e.fields) !== JSON.stringify(want.fields))
                  say(`fields ${JSON.stringify(e.fields)} want ${JSON.stringify(want.fields)}`);
              const code = mine[mine.length - 1].code;
              const success = code === '200' || (code !== null && want.already.includes(code));
              if (success !== (out.port === 'ok')) say(`code ${code} but ${out.port} ${JSON.stringify(err)}`);
              if (out.port === 'ok' && out.msg.payload?.changed !== (code === '200'))
                say(`changed ${out.msg.payload?.changed} after ${code}`);
              return;
            },
          ),
          { numRuns: PER_NODE_TYPE, seed: SEED + 1019 * (index + 1), endOnFailure: true },
        );
        const scan = scanSaid([CRED]);
        for (const h of scan.hits) problems.push(`secret ${h}`);
        for (const e of scan.foreignErrors) problems.push(`thrown ${e}`);
        section(`fuzz ${kind}`, started, `${seq} messages, ${counts.invalid} invalid, ${counts.sent} sent`);
        assert.deepStrictEqual(problems.slice(0, 10), []);
      },
    );
  });
});
