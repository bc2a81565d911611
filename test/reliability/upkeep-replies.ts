// Replies of the settings and firmware calls for the upkeep reply fuzzers (replies-setting,
// replies-firmware): generators of their `data` (the documented fields with every value
// kind, wrong types, missing fields, anything), the API codes these calls answer, and this suite's
// own reading of what a reply's data says, written from docs/api/media-api.md sections 5 and 6 and
// docs/behaviour.md section 20 (not from the package's reply readers).
// A reading is `ok` (the value is clear), `either` (the contract leaves it open: a lenient client
// may take one of `values`, a strict one may refuse it as BAD_REPLY) or `bad` (BAD_REPLY).

import fc from 'fast-check';

/** The calls of ezviz-setting and ezviz-firmware as the reply fuzzers name them. */
export type UpkeepFuzzOp =
  | 'sensitivity-get'
  | 'schedule-get'
  | 'infrared-get'
  | 'setting-set'
  | 'firmware-version'
  | 'firmware-status'
  | 'firmware-upgrade';
export const UPKEEP_OPS: readonly string[] = [
  'sensitivity-get',
  'schedule-get',
  'infrared-get',
  'setting-set',
  'firmware-version',
  'firmware-status',
  'firmware-upgrade',
];

/** Codes the upkeep calls answer (media-api sections 5 and 6) beside the common ones of reply-gen. */
export const UPKEEP_CODES: readonly string[] = [
  '60020',
  '404',
  '20006',
  '20007',
  '20008',
  '20032',
  '60013',
  '60014',
  '60015',
  '60016',
  '60018',
  '60022',
  '20002',
  '20014',
  '20018',
  '49999',
  '10029',
];

export type Schedule = { enabled: boolean; start: string; stop: string; days: string[] };
export type SettingValue = number | 'on' | 'off' | Schedule;
export interface Reading<T> {
  k: 'ok' | 'either' | 'bad';
  values: T[];
}

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** A few arming plans: the writes ask for one of them and the reads often answer one (so that
 * "already so" happens), in people's form and as the API writes them. */
export const PLANS: ReadonlyArray<{ value: Schedule; data: Record<string, unknown> }> = [
  {
    value: { enabled: true, start: '00:00', stop: '24:00', days: [...DAYS] },
    data: { startTime: '00:00', stopTime: 'n00:00', period: '0,1,2,3,4,5,6', enable: 1 },
  },
  {
    value: { enabled: true, start: '08:00', stop: '18:30', days: DAYS.slice(0, 5) },
    data: { startTime: '8:00', stopTime: '18:30', period: '0,1,2,3,4', enable: 1 },
  },
  {
    value: { enabled: false, start: '22:00', stop: '24:00', days: ['sat', 'sun'] },
    data: { startTime: '22:00', stopTime: 'n00:00', period: '5,6', enable: 0 },
  },
];

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** What reply-gen lends the generators (no import back: reply-gen imports this module). */
export interface GenParts {
  wrong: fc.Arbitrary<unknown>;
  anyData: fc.Arbitrary<unknown>;
  mutated: (valid: fc.Arbitrary<Record<string, unknown>>, names: string[]) => fc.Arbitrary<Record<string, unknown>>;
}

// ---- generators -------------------------------------------------------------------------------

function sensitivityData(g: GenParts): fc.Arbitrary<unknown> {
  const entry = fc.record(
    {
      type: fc.oneof(
        { weight: 8, arbitrary: fc.constant<unknown>('0') },
        fc.constantFrom<unknown>(0, '1', 2, '00', null, ' 0'),
      ),
      channel: fc.constantFrom<unknown>('1', '1', '2', 1, '', null),
      value: fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: 0, max: 6 }) },
        fc.constantFrom<unknown>(-1, 7, '3', 2.5, null, '', 100),
      ),
    },
    { requiredKeys: ['value'] },
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(entry, { minLength: 1, maxLength: 3 }) },
    { weight: 3, arbitrary: fc.array(g.mutated(entry, ['type', 'channel', 'value']), { minLength: 1, maxLength: 2 }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], [1], [[{ type: '0', value: 3 }]], { type: '0', value: 3 }) },
    { weight: 2, arbitrary: g.anyData },
  );
}

function scheduleData(g: GenParts): fc.Arbitrary<unknown> {
  const good = fc.constantFrom(...PLANS.map((p) => p.data));
  const time = fc.constantFrom<unknown>(
    '07:30',
    '7:30',
    '23:59',
    '24:00',
    'n00:00',
    '00:00',
    ' 08:00',
    '25:00',
    '8:5',
    '',
    730,
    null,
  );
  const fields = fc.record(
    {
      startTime: time,
      stopTime: time,
      period: fc.constantFrom<unknown>(
        '',
        '0',
        '6',
        '1,3',
        '0,0',
        '0, 1',
        '7',
        '1,2,3,4,5,6,7',
        'mon',
        null,
        3,
        [0, 1],
      ),
      enable: fc.constantFrom<unknown>(0, 1, 1, '1', '0', 2, -1, true, null),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 4, arbitrary: g.mutated(good, ['startTime', 'stopTime', 'period', 'enable']) },
    { weight: 3, arbitrary: fields },
    { weight: 2, arbitrary: g.anyData },
  );
}

function infraredData(g: GenParts): fc.Arbitrary<unknown> {
  const good = fc.record(
    { deviceSerial: fc.constant('C00000001'), channelNo: fc.constant(1), enable: fc.constantFrom(0, 1) },
    { requiredKeys: ['enable'] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 3, arbitrary: g.mutated(good, ['enable', 'channelNo']) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>({ enable: '1' }, { enable: 2 }, { enable: true }, { Enable: 1 }) },
    { weight: 2, arbitrary: g.anyData },
  );
}

const VERSIONS = ['V5.3.0 build 230215', 'V5.2.1 build 220301', 'V4.2.5 build 151223'];

function versionData(g: GenParts): fc.Arbitrary<unknown> {
  const good = fc.record(
    {
      currentVersion: fc.constantFrom<unknown>(...VERSIONS),
      latestVersion: fc.constantFrom<unknown>(...VERSIONS, ''),
      isNeedUpgrade: fc.constantFrom<unknown>(0, 1),
      isUpgrading: fc.constantFrom<unknown>(0, 1),
    },
    { requiredKeys: ['currentVersion'] },
  );
  return fc.oneof(
    { weight: 6, arbitrary: good },
    { weight: 4, arbitrary: g.mutated(good, ['currentVersion', 'latestVersion', 'isNeedUpgrade', 'isUpgrading']) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(
        { currentVersion: ' V1 ' },
        { currentVersion: 'v'.repeat(300) },
        { latestVersion: 'V9' },
        { currentVersion: null, latestVersion: null },
        { isNeedUpgrade: '1' },
        { isUpgrading: 2 },
      ),
    },
    { weight: 2, arbitrary: g.anyData },
  );
}

/** upgrade/status data; `stage` biases the status (the follow's tail: upgraded, failed, still upgrading). */
export function statusData(g: GenParts, stages = fc.constantFrom<unknown>(0, 0, 1, 2, 3)): fc.Arbitrary<unknown> {
  const good = fc.record(
    {
      status: stages,
      progress: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 1, max: 100 }) },
        fc.constantFrom<unknown>(0, 101, -1, '50', null, 2.5),
      ),
    },
    { requiredKeys: ['status'] },
  );
  return fc.oneof(
    { weight: 8, arbitrary: good },
    { weight: 3, arbitrary: g.mutated(good, ['status', 'progress']) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>({ status: '2' }, { status: 4 }, { status: -1 }, { progress: 50 }),
    },
    { weight: 2, arbitrary: g.anyData },
  );
}

/** `data` of a reply of an upkeep call (writes and the upgrade have none documented: anything). */
export function upkeepData(op: UpkeepFuzzOp, g: GenParts): fc.Arbitrary<unknown> {
  switch (op) {
    case 'sensitivity-get':
      return sensitivityData(g);
    case 'schedule-get':
      return scheduleData(g);
    case 'infrared-get':
      return infraredData(g);
    case 'firmware-version':
      return versionData(g);
    case 'firmware-status':
      return statusData(g);
    default:
      return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: g.anyData });
  }
}

// ---- readings (the oracle) --------------------------------------------------------------------

const BAD: Reading<never> = { k: 'bad', values: [] };
const digits = (v: unknown, lo: number, hi: number): number | undefined =>
  typeof v === 'string' && /^\d{1,3}$/.test(v) && Number(v) >= lo && Number(v) <= hi ? Number(v) : undefined;
const exactInt = (v: unknown, lo: number, hi: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/** 5.1: data an array of {type "0", channel, value 0-6}; the motion entry (of the channel asked). */
function sensitivityReading(data: unknown): Reading<number> {
  if (!Array.isArray(data) || data.length === 0) return BAD;
  let clean = data.length <= 64;
  const values = new Set<number>();
  for (const e of data) {
    if (!isObj(e)) {
      clean = false;
      continue;
    }
    const t = e.type;
    const motion =
      t === '0'
        ? 'ok'
        : t === undefined || t === 0 || t === null || (typeof t === 'string' && /^\s*0+\s*$/.test(t))
          ? 'either'
          : 'no';
    const v = exactInt(e.value, 0, 6) ? e.value : digits(e.value, 0, 6);
    if (motion === 'no' || v === undefined) {
      clean = false;
      continue;
    }
    if (motion !== 'ok' || !exactInt(e.value, 0, 6)) clean = false;
    values.add(v);
  }
  if (values.size === 0) return BAD;
  return { k: clean && values.size === 1 ? 'ok' : 'either', values: [...values] };
}

function time(v: unknown, stop: boolean): { t: string; exact: boolean } | undefined {
  if (stop && v === 'n00:00') return { t: '24:00', exact: true };
  const m = typeof v === 'string' ? /^\s*(\d{1,2}):(\d\d)\s*$/.exec(v) : null;
  if (!m) return undefined;
  const h = Number(m[1]);
  const t = `${m[1].padStart(2, '0')}:${m[2]}`;
  if (h === 24 && m[2] === '00') return stop ? { t, exact: false } : undefined;
  if (h > 23 || Number(m[2]) > 59) return undefined;
  return { t, exact: (v as string).trim() === v && (!stop || m[1].length === 2) };
}

/** 5.2: data {startTime H:mm, stopTime HH:mm or n00:00, period "0,...,6" (0 Monday; none: every day), enable 0/1}. */
function scheduleReading(data: unknown): Reading<Schedule> {
  if (!isObj(data)) return BAD;
  const enable = exactInt(data.enable, 0, 1) ? data.enable : digits(data.enable, 0, 1);
  const start = time(data.startTime, false);
  const stop = time(data.stopTime, true);
  const p = data.period;
  const periodText = p === undefined || p === null ? '' : typeof p === 'string' ? p : undefined;
  const compact = periodText?.replace(/\s+/g, '');
  if (enable === undefined || !start || !stop || compact === undefined || !/^([0-6](,[0-6])*)?$/.test(compact))
    return BAD;
  const nums = compact
    .split(',')
    .filter((x) => x !== '')
    .map(Number);
  const days = nums.length ? DAYS.filter((_, i) => nums.includes(i)) : [...DAYS];
  const exact =
    typeof data.enable === 'number' &&
    start.exact &&
    stop.exact &&
    compact === periodText &&
    new Set(nums).size === nums.length &&
    stop.t > start.t;
  return { k: exact ? 'ok' : 'either', values: [{ enabled: enable === 1, start: start.t, stop: stop.t, days }] };
}

/** 5.3: data {enable 0/1}. */
function infraredReading(data: unknown): Reading<'on' | 'off'> {
  if (!isObj(data)) return BAD;
  const n = exactInt(data.enable, 0, 1) ? data.enable : digits(data.enable, 0, 1);
  if (n === undefined) return BAD;
  return { k: typeof data.enable === 'number' ? 'ok' : 'either', values: [n === 1 ? 'on' : 'off'] };
}

/** A setting read's data: the value it says. */
export function settingReading(op: UpkeepFuzzOp, data: unknown): Reading<SettingValue> {
  if (op === 'sensitivity-get') return sensitivityReading(data);
  if (op === 'schedule-get') return scheduleReading(data);
  return infraredReading(data);
}

export interface VersionState {
  version: string | null;
  latest: string | null;
  upgradable: boolean;
  upgrading?: boolean;
}

function versionText(v: unknown): { s: string | null; exact: boolean } | undefined {
  if (v === undefined || v === null) return { s: null, exact: true };
  if (typeof v !== 'string') return undefined;
  return { s: v.trim() || null, exact: v.trim() === v && v.length <= 128 };
}

/** Section 6: version/info data {currentVersion, latestVersion} (isNeedUpgrade, isUpgrading 0/1 used when present). */
export function versionReading(data: unknown): Reading<VersionState> {
  if (!isObj(data)) return BAD;
  const cur = versionText(data.currentVersion);
  const latest = versionText(data.latestVersion);
  if (!cur || !latest) return BAD;
  const flag = (k: string) =>
    !own(data, k) || data[k] === undefined ? 'absent' : exactInt(data[k], 0, 1) ? (data[k] as number) : 'odd';
  const need = flag('isNeedUpgrade');
  const busy = flag('isUpgrading');
  const upgradable = typeof need === 'number' ? need === 1 : latest.s !== null && latest.s !== cur.s;
  const exact = cur.exact && latest.exact && need !== 'odd' && busy !== 'odd';
  return {
    k: exact ? 'ok' : 'either',
    values: [{ version: cur.s, latest: latest.s, upgradable, ...(busy === 1 ? { upgrading: true } : {}) }],
  };
}

export type Stage = 'upgrading' | 'rebooting' | 'upgraded' | 'failed';
const STAGES: Stage[] = ['upgrading', 'rebooting', 'upgraded', 'failed'];

/** Section 6: upgrade/status data {progress, status 0 upgrading, 1 rebooting, 2 upgraded, 3 failed}. */
export function statusReading(data: unknown): Reading<{ stage: Stage; progress?: number }> {
  if (!isObj(data)) return BAD;
  const s = exactInt(data.status, 0, 3) ? data.status : digits(data.status, 0, 3);
  if (s === undefined) return BAD;
  const progress = s === 0 && exactInt(data.progress, 1, 100) ? { progress: data.progress } : {};
  return { k: typeof data.status === 'number' ? 'ok' : 'either', values: [{ stage: STAGES[s], ...progress }] };
}

/** What a 200 reply's data is for dataClass (reply-oracle.ts): the class of its reading. */
export function upkeepDataClass(op: UpkeepFuzzOp, envelope: Record<string, unknown>): 'ok' | 'bad' | 'either' {
  const data = envelope.data;
  switch (op) {
    case 'sensitivity-get':
    case 'schedule-get':
    case 'infrared-get':
      return settingReading(op, data).k;
    case 'firmware-version':
      return versionReading(data).k;
    case 'firmware-status':
      return statusReading(data).k;
    default:
      return envelope.msg === undefined || typeof envelope.msg === 'string' ? 'ok' : 'either';
  }
}
