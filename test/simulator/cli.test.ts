// The ezviz-simulator command line (dist/simulator/cli.js), run as a child process: the issue's
// "Done when" checks against the default state, --state, --latency, bad options and a clean
// exit on SIGINT and SIGTERM.

import { strict as assert } from 'assert';
import { spawn, spawnSync } from 'child_process';
import type { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { OPERATIONS, TOKEN_PATH } from '../../client/operations/operations';
import { callApi, oneDeviceState } from '../support/simulator-http';

const CLI = path.resolve(__dirname, '../../simulator/cli.js');

interface Running {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no URL printed: ${out}`));
    }, 10000);
    const onData = (d: Buffer): void => {
      out += d.toString();
      const m = /listening on (https?:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => {
      out += d.toString();
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening: ${out}`));
    });
  });
}

describe('simulator: command line', function () {
  this.timeout(20000);
  let running: Running | undefined;

  afterEach(() => {
    if (running && running.child.exitCode === null) running.child.kill('SIGKILL');
    running = undefined;
  });

  it('serves the default state (the issue\'s "Done when" checks) and exits cleanly on SIGINT', async () => {
    running = await run(['--port', '0']);
    const { url } = running;
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const tok = await callApi(url, TOKEN_PATH, { appKey: 'demo-app-key', appSecret: 'demo-app-secret' });
    assert.equal(tok.code, '200');
    assert.match(tok.data.accessToken, /^at\./);
    const accessToken = tok.data.accessToken as string;
    const ptz = (serial: string) =>
      callApi(url, OPERATIONS['ptz-start'].path, {
        accessToken,
        deviceSerial: serial,
        channelNo: 1,
        direction: 0,
        speed: 1,
      });
    assert.equal((await ptz('C00000001')).code, '200');
    assert.equal((await ptz('C00000002')).code, '20007');
    const add = () =>
      callApi(url, OPERATIONS['preset-add'].path, { accessToken, deviceSerial: 'C00000001', channelNo: 1 });
    for (let i = 3; i <= 12; i += 1) assert.equal((await add()).code, '200'); // presets 1 and 3 are in the default state
    assert.equal((await add()).code, '60008');
    running.child.kill('SIGINT');
    assert.equal(await running.exited, 0);
    assert.ok(!running.output().includes(accessToken), 'the token is never printed');
  });

  it('takes --host, --state and --latency, and exits on SIGTERM', async () => {
    const file = oneDeviceState('cli', 'at.t', 'ZZZZZZZZ1');
    try {
      running = await run(['--port=0', '--host', '127.0.0.1', '--state', file, '--latency', '100']);
      const t0 = Date.now();
      const r = await callApi(running.url, OPERATIONS['ptz-stop'].path, {
        accessToken: 'at.t',
        deviceSerial: 'ZZZZZZZZ1',
        channelNo: 1,
      });
      assert.equal(r.code, '200');
      assert.ok(Date.now() - t0 >= 90, 'latency applied');
      const demo = await callApi(running.url, OPERATIONS['ptz-stop'].path, {
        accessToken: 'at.demo-token',
        deviceSerial: 'C00000001',
        channelNo: 1,
      });
      assert.equal(demo.code, '10002', 'the state file replaced the default state');
      running.child.kill('SIGTERM');
      assert.equal(await running.exited, 0);
    } finally {
      fs.unlinkSync(file);
    }
  });

  it('refuses unknown options and bad values with exit code 2; a bad state file exits 1', () => {
    for (const args of [['--bogus'], ['--port', 'abc'], ['--port'], ['--latency', '-5']]) {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 10000 });
      assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /usage: ezviz-simulator/);
    }
    const bad = spawnSync(process.execPath, [CLI, '--port', '0', '--state', '/nonexistent.json'], {
      encoding: 'utf8',
      timeout: 10000,
    });
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /nonexistent/);
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8', timeout: 10000 });
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--port/);
  });

  it('--alarms N raises an alarm every N seconds on the online channels in turn', async () => {
    running = await run(['--port', '0', '--alarms', '1']);
    const { url } = running;
    const list = async (): Promise<{ alarmId: string; alarmTime: number; deviceSerial: string }[]> =>
      (await callApi(url, '/api/lapp/alarm/list', { accessToken: 'at.demo-token', status: 2, pageSize: 50 })).data;
    const before = new Set((await list()).map((a) => a.alarmId));
    let fresh: { alarmTime: number; deviceSerial: string }[] = [];
    for (let i = 0; i < 75 && fresh.length < 2; i += 1) {
      await new Promise((r) => setTimeout(r, 200));
      fresh = (await list()).filter((a) => !before.has(a.alarmId));
    }
    fresh.sort((a, b) => a.alarmTime - b.alarmTime);
    assert.deepEqual(
      fresh.slice(0, 2).map((a) => a.deviceSerial),
      ['C00000001', 'C00000003'],
      'the first two online channels (C00000002 is offline)',
    );
    assert.match(running.output(), /alarm .* on C00000001\/1/);
    running.child.kill('SIGTERM');
    assert.equal(await running.exited, 0);
    assert.equal(spawnSync(process.execPath, [CLI, '--alarms', '0']).status, 2);
  });
});
