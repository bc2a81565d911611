// Alarms and captures in the fault soak (docs/reliability.md): captures of shared cameras and alarm polls, output 2 wired and
// unwired, about 20% of their requests faulted (HTTP 500, dropped connections, latency past the
// timeout, 20008, 49999, non-JSON replies, 10029), alarms raised all along. Every message gets
// exactly one outcome; a capture succeeds with the picture URL or fails with a code the log
// explains; after the faults, one more poll shows that each alarm node sent every alarm raised,
// each exactly once; nothing thrown, no secret said.

import assert from 'assert';
import { OPERATIONS } from '../../client/operations/operations';
import { forgetSeenCopies } from '../../features/alarms/alarm-poller';
import { hooks } from '../../client/clock/clock';
import { mulberry32, type FaultKind, type Simulator } from '../../simulator';
import { fastRetries, helper, load, Msg, resetHooks, unload } from '../support/red';
import {
  countOutcome,
  FULL,
  lightSpies,
  prototypeClean,
  scanSaid,
  section,
  SEED,
  simulatorForFile,
  size,
  stateSecrets,
  summary,
  takeTrapped,
  until,
} from './support';
import { CATCH_ALL, fuzzFlow, helpers } from './flows';
import { endHeldDeadline, heldDeadlines } from './held-deadlines';

const MESSAGES = size(4000, 600);
/** Messages in flight. The captures of one camera wait their turn in its queue (docs/behaviour.md
 * section 11), so a latency fault holds its camera's queue for the whole timeout: with 8 in flight
 * most of them soon waited behind that one camera, and the run stood still about a second per
 * latency fault (75 s quiet); with 32 the other cameras and the alarm nodes go on meanwhile. */
const CONCURRENCY = 32;
const FAULT_RATE = 0.2;
const TIMEOUT_MS = 1000;
const KINDS: Array<FaultKind | '10029'> = ['http500', 'drop', 'latency', '20008', '49999', 'nonjson', '10029'];
const CAPTURE = OPERATIONS.capture.path;
const ALARMS = '/api/lapp/alarm/list';
// Online cameras that can capture (C00000008 answers 20006 by design, C00000009 20008, ...).
const CAMERAS = ['C00000001', 'C00000003', 'C00000005', 'C00000006', 'C00000007', 'C0000000E'];

/** A small deterministic PRNG, so a run can be repeated with RELIABILITY_SEED. */
const prng = mulberry32;

describe('reliability: fault soak of ezviz-capture and ezviz-alarm', function () {
  this.timeout(0);
  let sim: Simulator;
  let loaded = false;
  simulatorForFile(
    { logLimit: MESSAGES * 8, onHeld: endHeldDeadline },
    (s) => {
      sim = s;
      sim.state.settings.captureDailyLimit = MESSAGES * 4;
    },
    { forget: forgetSeenCopies, loaded: () => loaded },
  );

  it(
    `${MESSAGES} captures and alarm polls on shared cameras, ~20% of their requests faulted: one outcome each, ` +
      'every alarm once per alarm node',
    async () => {
      const started = Date.now();
      const random = prng(SEED + 13);
      const flow = fuzzFlow(
        sim.url,
        { timeout: TIMEOUT_MS, maxRetries: 2, retryDelay: 1 },
        [
          { id: 'cap', type: 'ezviz-capture' },
          { id: 'cap-c', type: 'ezviz-capture', download: true, wires: [['ok'], []] },
          { id: 'al', type: 'ezviz-alarm', interval: 10, wires: [['alarms-al'], ['err']] },
          { id: 'al-c', type: 'ezviz-alarm', interval: 10, wires: [['alarms-al-c'], []] },
        ],
        [
          ...helpers('alarms-al', 'alarms-al-c'),
          ...CATCH_ALL,
          { id: 'complete', type: 'complete', scope: ['al', 'al-c'], uncaught: false, wires: [['completed']] },
          ...helpers('completed'),
        ],
      );
      const retries = fastRetries();
      hooks.timer = () => () => undefined; // polls by message only
      const held = heldDeadlines(); // a latency fault's request ends at its deadline when the fault holds it
      await load(flow, { cfg: { appKey: 'demo-app-key', appSecret: 'demo-app-secret' } });
      lightSpies();
      loaded = true;

      const outcomes = new Map<string, Array<{ port: string; msg: Msg }>>();
      const waiters = new Set<() => void>();
      for (const port of ['ok', 'err', 'caught', 'completed']) {
        helper.getNode(port).on('input', (m: Msg) => {
          const list = outcomes.get(m._msgid) ?? [];
          list.push({ port, msg: m });
          outcomes.set(m._msgid, list);
          for (const w of waiters) w();
        });
      }
      const delivered: Record<string, string[]> = { al: [], 'al-c': [] };
      for (const n of ['al', 'al-c'])
        helper.getNode(`alarms-${n}`).on('input', (m: Msg) => delivered[n].push(String(m.payload.alarmId)));

      const plan: Array<{ id: string; node: string; camera?: string }> = [];
      const raised: string[] = [];
      let injected = 0;
      /** Whether message `p` has its one outcome (an alarm poll answered on output 2 also ends with done()). */
      const finished = (p: { id: string; node: string }) => {
        const o = outcomes.get(p.id) ?? [];
        if (p.node.startsWith('cap')) return o.length >= 1;
        return o.some((x) => x.port === 'completed' || x.port === 'caught');
      };
      /** Message k: an alarm raised now and then, a fault injected now and then, then the message sent. */
      const send = (k: number) => {
        if (random() < 0.3) {
          const a = sim.raiseAlarm({
            deviceSerial: CAMERAS[Math.floor(random() * CAMERAS.length)],
            alarmId: `soak-alarm-${k}`,
          });
          raised.push(String(a.alarmId));
        }
        const isCapture = random() < 0.7;
        const node = isCapture ? (k % 2 ? 'cap-c' : 'cap') : k % 2 ? 'al-c' : 'al';
        if (random() < FAULT_RATE) {
          const kind = KINDS[Math.floor(random() * KINDS.length)];
          const path = isCapture ? CAPTURE : ALARMS;
          sim.injectFault(
            kind === '10029'
              ? { kind: 'code', code: '10029', path }
              : { kind, path, ...(kind === 'latency' ? { ms: TIMEOUT_MS + 300 } : {}) },
          );
          injected++;
        }
        const p = {
          id: `ev-${k}`,
          node,
          camera: isCapture ? CAMERAS[Math.floor(random() * CAMERAS.length)] : undefined,
        };
        plan.push(p);
        helper.getNode(node).receive({ _msgid: p.id, payload: { deviceSerial: p.camera, channelNo: 1 } });
        return p;
      };
      // CONCURRENCY messages in flight, the next one sent as soon as one has its outcome (a message
      // held by a fault past the timeout holds one slot, not the whole run); made in message order.
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let k = next++; k < MESSAGES; k = next++) {
            const p = send(k);
            const deadline = Date.now() + 20000;
            while (!finished(p)) {
              if (Date.now() >= deadline) next = MESSAGES; // the other slots send no more
              assert.ok(Date.now() < deadline, `message ${p.id} (${p.node}) unanswered`);
              await new Promise<void>((resolve) => {
                const wake = () => {
                  waiters.delete(wake);
                  clearTimeout(timer);
                  resolve();
                };
                const timer = setTimeout(wake, 50);
                waiters.add(wake);
              });
            }
          }
        }),
      );
      sim.clearFaults();
      // Late replies of latency faults, sent (and logged) by now.
      assert.ok(await until(() => sim.delayedReplies === 0, TIMEOUT_MS + 2000), 'late replies still due');
      // One more poll of each alarm node without faults.
      for (const n of ['al', 'al-c']) {
        const id = `final-${n}`;
        helper.getNode(n).receive({ _msgid: id, payload: null });
        const end = Date.now() + 10000;
        while (!(outcomes.get(id) ?? []).some((o) => o.port === 'completed')) {
          assert.ok(Date.now() < end, `${id} unanswered`);
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.ok(!(outcomes.get(id) ?? []).some((o) => o.port !== 'completed'), `${id} failed`);
      }

      const problems: string[] = [];
      for (const p of plan) {
        const o = (outcomes.get(p.id) ?? []).filter((x) => !(x.port === 'completed' && p.node.startsWith('cap')));
        const ports = o.map((x) => x.port).join('+');
        countOutcome(`soak-events:${p.node}:${ports}`);
        if (p.node === 'cap' && !['ok', 'err'].includes(ports)) problems.push(`${p.id} (${p.node}): ${ports}`);
        if (p.node === 'cap-c' && !['ok', 'caught'].includes(ports)) problems.push(`${p.id} (${p.node}): ${ports}`);
        if (p.node === 'al' && !['completed', 'err+completed'].includes(ports))
          problems.push(`${p.id} (${p.node}): ${ports}`);
        if (p.node === 'al-c' && !['completed', 'caught'].includes(ports))
          problems.push(`${p.id} (${p.node}): ${ports}`);
        const ok = o.find((x) => x.port === 'ok');
        if (ok && p.node === 'cap' && (typeof ok.msg.payload !== 'string' || ok.msg.payload !== ok.msg.ezviz.picUrl)) {
          problems.push(`${p.id}: payload ${String(ok.msg.payload).slice(0, 80)}`);
        }
        if (ok && p.node === 'cap-c' && (!Buffer.isBuffer(ok.msg.payload) || ok.msg.payload[0] !== 0xff)) {
          problems.push(`${p.id}: not a JPEG`);
        }
        const e = o.find((x) => x.port === 'err')?.msg.error;
        if (
          e &&
          !['HTTP_500', 'HTTP_200', 'ETIMEDOUT', 'ECONNRESET', 'ENETWORK', 'EPIPE', '20008', '49999', '10029'].includes(
            e.code,
          )
        ) {
          problems.push(`${p.id}: unexpected error ${JSON.stringify(e)}`);
        }
      }
      for (const n of ['al', 'al-c']) {
        const seen = new Set(delivered[n]);
        if (seen.size !== delivered[n].length) problems.push(`${n}: an alarm sent twice`);
        const missing = raised.filter((a) => !seen.has(a));
        if (missing.length) problems.push(`${n}: ${missing.length} alarms never sent (${missing.slice(0, 5)})`);
      }
      const scan = scanSaid(stateSecrets(sim.state));
      const log = sim.requestLog();
      summary.messages += plan.length;
      summary.requests += log.length;
      summary.faultsInjected += injected;
      summary.thrown += scan.foreignErrors.length;
      const faulted = log.filter(
        (e) => (e.path === CAPTURE || e.path === ALARMS) && (e.fault !== undefined || e.httpStatus === 0),
      );
      section(
        'fault soak: capture and alarm',
        started,
        `${plan.length} messages, ${log.length} requests, ${faulted.length} ` +
          `faulted (${injected} injected), ${retries.sleeps.length} back-offs, ${raised.length} alarms raised, ` +
          `${delivered.al.length} and ${delivered['al-c'].length} sent by the two alarm nodes, ` +
          `${held.fired()} deadlines ended when a latency fault held their request`,
      );
      assert.deepStrictEqual(problems.slice(0, 20), [], `${problems.length} problems`);
      assert.deepStrictEqual(takeTrapped(), []);
      assert.deepStrictEqual(scan.foreignErrors, []);
      assert.deepStrictEqual(scan.hits, []);
      assert.ok(prototypeClean());
      assert.ok(faulted.length > 0 && raised.length > 0);
      if (FULL) assert.ok(plan.length >= 4000);
      resetHooks();
      loaded = false;
      await unload();
    },
  );
});
