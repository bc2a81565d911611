// Two readings of the API notes held against each other: the package's OPERATIONS table (and
// TOKEN_PATH) and the simulator's own route table (simulator/routes.ts), which imports nothing
// from nodes/. A path, parameter name or required flag that differs fails here, so a typo in
// either table cannot be served by the simulator and pass every other test.
//
// Rules. Every operation of the package must have a simulator route with the same path, and,
// for the operations of docs/api/open-api.md (sections 4.1-4.8), the same parameters sent (name and required
// flag; accessToken aside, which the call path adds). Every docs/api/open-api.md route of the simulator must
// have a package operation. For the calls of docs/api/more-api.md a package operation may
// leave out optional parameters (capture `quality`, alarm filters), but every parameter it sends
// must be one the simulator knows, with the same required flag, and it must send every required
// one. The token path must be the same.

import { strict as assert } from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FACE_LIST, MQ } from '../../client/operations/alarm-calls';
import { OPERATIONS, TOKEN_PATH } from '../../client/operations/operations';
import { STATE_CALLS } from '../../client/operations/state-calls';
import { UPKEEP_CALLS } from '../../client/operations/settings';
import { HUB_CALLS } from '../../client/operations/hub';
import { SIREN_CALLS } from '../../client/operations/siren';
import { ROUTES } from '../../simulator';
import type { Route } from '../../simulator';

interface PackageParam {
  name: string;
  required: boolean;
  sent: boolean;
  apiName?: string;
}
interface PackageOp {
  operation: string;
  path: string;
  intlPath?: string;
  params: readonly PackageParam[];
}

const SEED_SECTIONS = new Set(['4.1', '4.2', '4.3', '4.4', '4.5', '4.6', '4.7', '4.8']);

/** Every difference between the two tables, as readable lines (empty: they agree). */
export function tableDifferences(
  ops: Readonly<Record<string, PackageOp>>,
  tokenPath: string,
  routes: readonly Route[],
): string[] {
  const out: string[] = [];
  const byPath = new Map(routes.map((r) => [r.path, r]));
  const token = routes.find((r) => r.op === 'token');
  if (!token) out.push('simulator: no token route');
  else if (token.path !== tokenPath) out.push(`token path: package ${tokenPath}, simulator ${token.path}`);
  const packagePaths = new Set<string>();
  for (const op of Object.values(ops)) {
    packagePaths.add(op.path);
    const route = byPath.get(op.path);
    if (!route) {
      out.push(`${op.operation}: package path ${op.path} is not a simulator route`);
      continue;
    }
    const seed = SEED_SECTIONS.has(route.section);
    if (op.intlPath && !byPath.has(op.intlPath))
      out.push(`${op.operation}: package path ${op.intlPath} is not a simulator route`);
    // Parameters by the API's name (live: expire is sent as expireTime, verificationCode as code).
    const sent = new Map(op.params.filter((p) => p.sent).map((p) => [p.apiName ?? p.name, p.required]));
    const known = new Map(route.params.filter((p) => p.name !== 'accessToken').map((p) => [p.name, p.required]));
    for (const [name, required] of sent) {
      if (!known.has(name))
        out.push(`${op.operation} ${op.path}: package sends "${name}", the simulator's route has no such parameter`);
      else if (known.get(name) !== required) {
        out.push(
          `${op.operation} ${op.path}: "${name}" required ${required} in the package, ${known.get(name)} in the simulator`,
        );
      }
    }
    for (const [name, required] of known) {
      if (sent.has(name)) continue;
      if (seed || required)
        out.push(
          `${op.operation} ${op.path}: the simulator's route has "${name}" (required ${required}), the package does not send it`,
        );
    }
  }
  for (const r of routes) {
    if (SEED_SECTIONS.has(r.section) && !packagePaths.has(r.path)) {
      out.push(`simulator route ${r.path} (docs/api/open-api.md section ${r.section}) has no package operation`);
    }
  }
  return out;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe("tables: the package's OPERATIONS against the simulator's own routes", () => {
  it('agree on every path, parameter name and required flag', () => {
    assert.deepEqual(tableDifferences(OPERATIONS, TOKEN_PATH, ROUTES), []);
  });

  it('camera state (watch-api 2-4): every switch set, status read, device/info and status/get is a route with the same parameters', () => {
    assert.deepEqual(tableDifferences({ ...OPERATIONS, ...STATE_CALLS }, TOKEN_PATH, ROUTES), []);
    // ... and every simulator route of those sections is a call of the package
    const paths = new Set(Object.values(STATE_CALLS).map((c) => c.path));
    assert.deepEqual(
      ROUTES.filter((r) => r.section === 'switch' || r.section === 'device')
        .map((r) => r.path)
        .filter((p) => !paths.has(p)),
      [],
    );
  });

  it('settings and firmware (media-api 5 and 6): every call is a route with the same parameters, every such route a call', () => {
    assert.deepEqual(tableDifferences({ ...OPERATIONS, ...UPKEEP_CALLS }, TOKEN_PATH, ROUTES), []);
    const paths = new Set(Object.values(UPKEEP_CALLS).map((c) => c.path));
    const routes = ROUTES.filter((r) => r.section === 'setting' || r.section === 'firmware').map((r) => r.path);
    assert.deepEqual(
      routes.filter((p) => !paths.has(p)),
      [],
    );
    assert.equal(routes.length, 9);
  });

  it('the alarm hub and the siren (hub-api 1 and 2): every call is a route with the same parameters and envelope, every such route a call', () => {
    const calls = { ...HUB_CALLS, arm2: SIREN_CALLS.start, stop: SIREN_CALLS.stop, tone: SIREN_CALLS.tone };
    assert.deepEqual(tableDifferences({ ...OPERATIONS, ...calls }, TOKEN_PATH, ROUTES), []);
    const paths = new Set(Object.values(calls).map((c) => c.path));
    const routes = ROUTES.filter((r) => r.section === 'hub' || r.section === 'siren');
    assert.deepEqual(
      routes.map((r) => r.path).filter((p) => !paths.has(p)),
      [],
    );
    for (const c of Object.values(calls)) {
      const envelope = routes.find((r) => r.path === c.path)!.envelope;
      assert.strictEqual(c.envelope, envelope, c.path);
    }
  });

  it("a camera's face list: the package's call and the simulator's route share path, method and envelope", () => {
    const route = ROUTES.find((r) => r.path === FACE_LIST.path)!;
    assert.ok(route, FACE_LIST.path);
    assert.deepEqual([route.method, route.envelope], [FACE_LIST.method, FACE_LIST.envelope]);
    assert.deepEqual(
      route.params.map((x) => `${x.name}:${x.required}`),
      ['accessToken:true', 'deviceSerial:true'],
    );
  });

  it('the message service: the consumer calls of the package are simulator routes of section mq', () => {
    const specs = [...MQ.consumer, MQ.messages, MQ.offsets];
    assert.deepEqual(
      specs.map((s) => s.path),
      ROUTES.filter((r) => r.section === 'mq').map((r) => r.path),
    );
    assert.deepEqual(
      MQ.consumer.map((s) => s.path),
      [1, 2, 3, 4, 5].map((g) => `/api/lapp/mq/v1/consumer/group${g}`),
    );
    // the fields the consumer sends (consumer-round.ts) are the routes' parameters
    const params = (p: string) => ROUTES.find((r) => r.path === p)!.params.map((x) => `${x.name}:${x.required}`);
    assert.deepEqual(params(MQ.messages.path), ['accessToken:true', 'consumerId:true', 'preCommit:false']);
    assert.deepEqual(params(MQ.offsets.path), ['accessToken:true', 'consumerId:true']);
  });

  it('the simulator imports nothing from nodes/', () => {
    const dir = path.join(__dirname, '..', '..', '..', 'simulator');
    // Every .ts file of simulator/ and its folders (areas/, state/), relative to simulator/.
    const walk = (rel: string): string[] =>
      fs
        .readdirSync(path.join(dir, rel), { withFileTypes: true })
        .flatMap((e) => (e.isDirectory() ? walk(path.join(rel, e.name)) : [path.join(rel, e.name)]));
    const sources = walk('').filter((f) => f.endsWith('.ts'));
    assert.ok(sources.length >= 8, `simulator sources in ${dir}`);
    for (const f of sources) {
      const text = fs.readFileSync(path.join(dir, f), 'utf8');
      assert.doesNotMatch(text, /from\s+['"][^'"]*nodes\//, f);
      assert.doesNotMatch(text, /require\(\s*['"][^'"]*nodes\//, f);
    }
  });

  describe('the comparison catches a change on either side', () => {
    it('a path changed in the package table', () => {
      const ops = clone(OPERATIONS) as Record<string, PackageOp>;
      ops['ptz-stop'].path = '/api/lapp/device/ptz/stopp';
      const d = tableDifferences(ops, TOKEN_PATH, ROUTES);
      assert.ok(
        d.some((l) => l.includes('/api/lapp/device/ptz/stopp is not a simulator route')),
        d.join('\n'),
      );
      assert.ok(
        d.some((l) =>
          l.includes(
            'simulator route /api/lapp/device/ptz/stop (docs/api/open-api.md section 4.4) has no package operation',
          ),
        ),
      );
    });

    it('a path changed in the simulator table', () => {
      const routes = clone(ROUTES) as Route[];
      routes.find((r) => r.op === 'preset-move')!.path = '/api/lapp/device/preset/call';
      const d = tableDifferences(OPERATIONS, TOKEN_PATH, routes);
      assert.ok(
        d.some((l) => l.includes('package path /api/lapp/device/preset/move is not a simulator route')),
        d.join('\n'),
      );
    });

    it('the token path changed on either side', () => {
      assert.equal(tableDifferences(OPERATIONS, '/api/lapp/token/gett', ROUTES).length, 1);
      const routes = clone(ROUTES) as Route[];
      routes.find((r) => r.op === 'token')!.path = '/api/lapp/token';
      assert.equal(tableDifferences(OPERATIONS, TOKEN_PATH, routes).length, 1);
    });

    it('a parameter renamed, dropped or its required flag flipped, on either side', () => {
      const ops = clone(OPERATIONS) as Record<string, PackageOp>;
      (ops['ptz-start'].params.find((p) => p.name === 'speed') as { name: string }).name = 'sped';
      (ops['storage-open'].params.find((p) => p.name === 'phone') as { required: boolean }).required = true;
      const d = tableDifferences(ops, TOKEN_PATH, ROUTES);
      assert.equal(d.length, 3, d.join('\n')); // sends "sped"; does not send "speed"; phone required
      const routes = clone(ROUTES) as Route[];
      const stop = routes.find((r) => r.op === 'ptz-stop')!;
      (stop as unknown as { params: unknown[] }).params = stop.params.filter((p) => p.name !== 'direction');
      (
        routes.find((r) => r.op === 'preset-clear')!.params.find((p) => p.name === 'index') as { required: boolean }
      ).required = false;
      assert.equal(tableDifferences(OPERATIONS, TOKEN_PATH, routes).length, 2);
    });

    it('more-api calls: optional parameters may be left out, unknown or misspelt ones may not', () => {
      const ops = clone(OPERATIONS) as Record<string, PackageOp>;
      ops.capture = {
        operation: 'capture',
        path: '/api/lapp/device/capture',
        params: [
          { name: 'deviceSerial', required: true, sent: true },
          { name: 'channelNo', required: true, sent: true },
          { name: 'download', required: false, sent: false },
        ],
      };
      assert.deepEqual(tableDifferences(ops, TOKEN_PATH, ROUTES), [], 'quality left out');
      ops.capture.params = [
        { name: 'deviceSerial', required: true, sent: true },
        { name: 'chanelNo', required: true, sent: true },
      ];
      assert.equal(tableDifferences(ops, TOKEN_PATH, ROUTES).length, 2);
    });
  });
});
