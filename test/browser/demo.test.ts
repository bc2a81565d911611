// The one-command demo (`npm start` = scripts/demo.js) as a user runs it: it starts the
// simulator and Node-RED with the examples deployed and the demo credentials readable by the
// runtime, prints the editor URL, stops both on SIGINT (Ctrl-C), and starts again in the same
// directory. Runs in a temporary user directory on free ports; needs no browser.

import { strict as assert } from 'assert';
import { spawn, type ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { ROOT, freePort } from '../support/browser-env';

/* eslint-disable @typescript-eslint/no-explicit-any */

const EXAMPLES = fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.json'));

interface Demo {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

function startDemo(dir: string, port: number, simPort: number, args: string[] = []): Demo {
  const proc = spawn(process.execPath, [path.join(ROOT, 'scripts', 'demo.js'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      EZVIZ_SIM_PORT: String(simPort),
      EZVIZ_DEMO_DIR: dir,
      EZVIZ_DEMO_NO_BUILD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (c) => {
    out += c.toString();
  });
  proc.stderr!.on('data', (c) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, exited };
}

async function waitFor(what: string, fn: () => boolean | Promise<boolean>, demo: Demo, ms = 30000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await fn())) {
    if (demo.proc.exitCode !== null) throw new Error(`demo exited while waiting for ${what}:\n${demo.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${demo.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

async function getJson(url: string): Promise<any> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `GET ${url}`);
  return res.json();
}

async function stop(demo: Demo): Promise<number | null> {
  demo.proc.kill('SIGINT');
  const timer = setTimeout(() => demo.proc.kill('SIGKILL'), 20000);
  const code = await demo.exited;
  clearTimeout(timer);
  return code;
}

describe('demo: npm start (scripts/demo.js)', function () {
  this.timeout(60000);
  let dir = '';
  let port = 0;
  let simPort = 0;
  let running: Demo | undefined;

  before(async function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-demo-test-'));
    port = await freePort();
    simPort = await freePort();
  });

  afterEach(async function () {
    if (running && running.proc.exitCode === null) await stop(running);
    running = undefined;
  });

  after(function () {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts the simulator and Node-RED with the examples deployed, prints the URL, stops both on SIGINT', async function () {
    const demo = (running = startDemo(dir, port, simPort));
    const url = `http://127.0.0.1:${port}/`;
    await waitFor('the editor URL', () => demo.output().includes(`Node-RED editor:   ${url}`), demo);
    assert.ok(demo.output().includes(`http://127.0.0.1:${simPort}`), 'prints the simulator URL');

    // The camera panel of example 07 on its Dashboard 2 page.
    assert.ok(demo.output().includes(`Camera panel:      ${url}dashboard/camera`), 'prints the camera panel URL');
    assert.equal((await fetch(`${url}dashboard/camera`)).status, 200, 'the dashboard page answers');

    const flows = await getJson(`${url}flows`);
    const tabs = flows.filter((n: any) => n.type === 'tab');
    assert.equal(tabs.length, EXAMPLES.length, 'one tab per example');
    const configs = flows.filter((n: any) => n.type === 'ezviz-config');
    assert.equal(configs.length, 1, 'one shared config node');
    assert.equal(configs[0].baseUrl, `http://127.0.0.1:${simPort}`);
    for (const type of [
      'ezviz-storage-open',
      'ezviz-storage-info',
      'ezviz-ptz-start',
      'ezviz-ptz-stop',
      'ezviz-ptz-mirror',
      'ezviz-preset-add',
      'ezviz-preset-call',
      'ezviz-preset-clear',
    ]) {
      assert.ok(
        flows.some((n: any) => n.type === type),
        `${type} deployed`,
      );
    }
    const creds = await getJson(`${url}credentials/ezviz-config/${configs[0].id}`);
    assert.equal(creds.appKey, 'demo-app-key');
    assert.equal(creds.has_appSecret, true);

    // Press an inject (what its button does): the runtime logs in with the demo credentials.
    const inject = flows.find((n: any) => n.type === 'inject' && n.topic === 'C00000001');
    assert.ok(inject, 'the storage-info inject of the first example');
    const res = await fetch(`${url}inject/${inject.id}`, { method: 'POST' });
    assert.equal(res.status, 200);
    const simUrl = `http://127.0.0.1:${simPort}`;
    let log: any[] = [];
    await waitFor(
      'the storage-info request',
      async () => {
        log = await getJson(`${simUrl}/sim/log`);
        return log.some((e) => e.path === '/api/lapp/cloud/storage/device/info');
      },
      demo,
      10000,
    );
    assert.ok(
      log.some((e) => e.path === '/api/lapp/token/get' && e.code === '200'),
      'token fetched with key and secret',
    );
    assert.equal(log.find((e) => e.path === '/api/lapp/cloud/storage/device/info').code, '200');

    assert.equal(await stop(demo), 0, 'exits 0 on SIGINT');
    assert.ok(demo.output().includes('demo: stopped'), demo.output());
    assert.equal(await portFree(port), true, 'Node-RED stopped');
    assert.equal(await portFree(simPort), true, 'simulator stopped');
  });

  it('starts again in the same directory, keeps edited flows, and deploys the examples again with --reset', async function () {
    const flowsPath = path.join(dir, 'flows.json');
    const edited = JSON.parse(fs.readFileSync(flowsPath, 'utf8'));
    const tab = edited.find((n: any) => n.type === 'tab');
    tab.label = 'my edited tab';
    fs.writeFileSync(flowsPath, JSON.stringify(edited));
    const url = `http://127.0.0.1:${port}/`;

    let demo = (running = startDemo(dir, port, simPort));
    await waitFor('the editor URL', () => demo.output().includes('Node-RED editor:'), demo);
    assert.match(demo.output(), /keeping the flows you edited/);
    let flows = await getJson(`${url}flows`);
    assert.ok(
      flows.some((n: any) => n.type === 'tab' && n.label === 'my edited tab'),
      'edited flows kept',
    );
    assert.equal(await stop(demo), 0);

    demo = running = startDemo(dir, port, simPort, ['--reset']);
    await waitFor('the editor URL', () => demo.output().includes('Node-RED editor:'), demo);
    assert.match(demo.output(), /example flows deployed/);
    flows = await getJson(`${url}flows`);
    assert.ok(!flows.some((n: any) => n.label === 'my edited tab'), 'examples deployed again');
    assert.equal(await stop(demo), 0);
  });
});
