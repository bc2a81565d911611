// Lifecycle (docs/reliability.md). lifecycle-scenario.ts runs in a child process: redeploys (full, modified
// nodes, modified config node) through the runtime's flows API while requests and timed moves
// are in flight. Every camera that started must be stopped, no message may be answered after
// its node closed, nothing may be said that holds a secret, and once the runtime has stopped the
// process must exit on its own: a timer or socket left behind keeps it alive (the child then
// names what is left and exits with 3).

import assert from 'assert';
import { spawn } from 'child_process';
import path from 'path';
import { countOutcome, section, SEED, size, summary } from './support';

const REDEPLOYS = size(100, 40);
const RUN_BOUND_MS = size(150000, 90000);
const EXIT_GRACE_MS = 8000;

interface Result {
  redeploys: number;
  kinds: Record<string, number>;
  messages: number;
  answered: number;
  duplicates: number;
  inFlightAtDeploy: number;
  starts: number;
  startsOk: number;
  stopsOk: number;
  requests: number;
  unstopped: string[];
  moving: string[];
  lateAnswers: number;
  problems: string[];
  secretHits: string[];
  thrown: string[];
  linesScanned: number;
  fatal?: string;
  alarmsRaised: number;
  alarmsSent: number;
  alarmPolls: number;
  deviceReads: number;
}

describe('reliability: lifecycle', function () {
  this.timeout(RUN_BOUND_MS + EXIT_GRACE_MS + 5000);

  function runScenario(
    env: Record<string, string>,
    boundMs: number,
  ): Promise<{ code: number | null; out: string; err: string; resultAt: number }> {
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(__dirname, 'lifecycle-scenario.js')], {
      env: { ...process.env, RELIABILITY_SEED: String(SEED), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let resultAt = 0;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!resultAt && out.includes('RESULT ')) resultAt = Date.now();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    return new Promise((resolve) => {
      const kill = setTimeout(() => {
        child.kill('SIGKILL');
        resolve({ code: -1, out, err, resultAt });
      }, boundMs);
      child.on('exit', (c) => {
        clearTimeout(kill);
        resolve({ code: c, out, err, resultAt });
      });
    });
  }

  it('the leak check can fail: a timer left behind keeps the process alive and is named', async () => {
    const { code, out } = await runScenario(
      { REDEPLOYS: '1', RELIABILITY_PLANT_LEAK: '1', EXIT_GRACE_MS: '1000' },
      30000,
    );
    assert.strictEqual(code, 3, out);
    assert.ok(/LEFT .*Timeout/.test(out), out);
  });

  it(`${REDEPLOYS} redeploys (full, modified nodes, modified config node) with requests and timed moves in flight`, async () => {
    const started = Date.now();
    const { code, out, err, resultAt } = await runScenario(
      { REDEPLOYS: String(REDEPLOYS), EXIT_GRACE_MS: String(EXIT_GRACE_MS) },
      RUN_BOUND_MS + EXIT_GRACE_MS,
    );
    const line = out.split('\n').find((l) => l.startsWith('RESULT '));
    assert.ok(line, `no result (exit ${code}): ${out.slice(-2000)} ${err.slice(-2000)}`);
    const r = JSON.parse(line!.slice(7)) as Result;
    assert.ok(!r.fatal, r.fatal);
    const left = out.split('\n').find((l) => l.startsWith('LEFT '));
    const exitMs = Date.now() - resultAt;
    summary.redeploys += r.redeploys;
    summary.messages += r.messages;
    summary.requests += r.requests;
    summary.timedMoves += r.startsOk;
    summary.duplicates += r.duplicates;
    summary.leaks += (code === 0 ? 0 : 1) + r.unstopped.length + r.moving.length;
    summary.secretHits += r.secretHits.length;
    summary.thrown += r.thrown.length;
    summary.linesScanned += r.linesScanned;
    countOutcome('lifecycle:answered', r.answered);
    countOutcome('lifecycle:dropped-on-close', r.messages - r.answered);
    section(
      'lifecycle',
      started,
      `${r.redeploys} redeploys ${JSON.stringify(r.kinds)}, ${r.messages} messages ` +
        `(${r.inFlightAtDeploy} in flight at a redeploy), ${r.startsOk} moves started / ${r.stopsOk} stops, ` +
        `exit ${code} ${exitMs} ms after the runtime stopped; alarm node: ${r.alarmPolls} polls, ${r.alarmsSent} of ` +
        `${r.alarmsRaised} alarms sent (each once; those raised just before a full redeploy are older than it); ` +
        `device watch: ${r.deviceReads} reads`,
    );
    assert.strictEqual(left, undefined, `the process did not exit on its own: ${left}`);
    assert.strictEqual(code, 0, `exit code ${code}: ${err.slice(-2000)}`);
    assert.deepStrictEqual(r.problems, []);
    assert.deepStrictEqual(r.unstopped, [], 'every start followed by a stop');
    assert.deepStrictEqual(r.moving, [], 'no camera left moving');
    assert.strictEqual(r.lateAnswers, 0, 'no message answered after its node closed');
    assert.strictEqual(r.duplicates, 0);
    assert.deepStrictEqual(r.secretHits, []);
    assert.deepStrictEqual(r.thrown, []);
    assert.strictEqual(r.redeploys, REDEPLOYS);
    assert.ok(r.inFlightAtDeploy > 0 && r.startsOk > 0, 'redeploys met requests and moves in flight');
    assert.ok(
      r.alarmPolls >= r.redeploys && r.alarmsSent > 0,
      `the alarm node polled (${r.alarmPolls}) and sent alarms (${r.alarmsSent})`,
    );
    // ezviz-device with `watch` restarted by the redeploys: it read, and left no timer (the exit above).
    assert.ok(r.deviceReads > 0, `the device node watched (${r.deviceReads} reads)`);
  });
});
