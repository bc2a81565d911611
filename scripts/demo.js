#!/usr/bin/env node
'use strict';
// `npm start`: the one-command demo. Builds when the sources changed, starts the EZVIZ API
// simulator (127.0.0.1:8089) and Node-RED from devDependencies with the userDir .node-red-demo/
// (git-ignored), in which this package is installed as a symlink and the example flows are
// deployed, one tab per example. Ctrl-C stops both.
//
//   npm start                  Node-RED on http://127.0.0.1:1880 (PORT=... to change)
//   npm start -- --reset       deploy the example flows again, dropping edits made in the demo
// The simulator raises a motion alarm on C00000001 every 20 s (EZVIZ_DEMO_ALARM_S, 0 = never),
// so the "motion -> preset -> picture" tab shows alarms arriving; the simulator pushes them to the
// webhook alarm node of example 08 too (registered at start, signed with the demo signing secret).
// Environment: PORT (editor, 1880), EZVIZ_SIM_PORT (simulator, 8089); for tests also
// EZVIZ_DEMO_DIR (user directory instead of .node-red-demo/) and EZVIZ_DEMO_NO_BUILD=1.
//
// Also used by the browser tests (test/support/browser-env.ts): prepareUserDir() and
// startNodeRed() are exported; main() runs only when this file is the entry point.

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const http = require('http');
const { spawn, spawnSync } = require('child_process');

const root = path.resolve(__dirname, '..');
const pkg = require(path.join(root, 'package.json'));
const DEFAULT_SIM_PORT = 8089;
const DEFAULT_UI_PORT = 1880;
/** The base URL the examples use; replaced by the actual simulator URL when it differs. */
const EXAMPLE_BASE_URL = `http://127.0.0.1:${DEFAULT_SIM_PORT}`;

// ------------------------------------------------------------------------------------ build

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** The built files the demo needs; all written by one `npm run build`. */
function builtFiles() {
  // (resources/ezviz-editor.js: the editor code the nodes' HTML loads, built beside dist/)
  const files = [path.join(root, 'dist', 'simulator', 'cli.js'), path.join(root, 'resources', 'ezviz-editor.js')];
  for (const file of Object.values(pkg['node-red'].nodes)) files.push(path.join(root, file));
  // The camera panel (dashboard/): its runtime and its widget.
  files.push(path.join(root, 'dashboard', 'dist', 'nodes', 'ui-ezviz-camera.js'),
    path.join(root, 'dashboard', 'resources', 'ui-ezviz-camera.umd.js'));
  return files;
}

/** True when a built file is missing or older than a source file. */
function buildNeeded() {
  const files = builtFiles();
  if (files.some((f) => !fs.existsSync(f))) return true;
  const oldestBuilt = Math.min(...files.map((f) => fs.statSync(f).mtimeMs));
  const newestSource = Math.max(
    newestMtime(path.join(root, 'nodes')),
    newestMtime(path.join(root, 'simulator')),
    newestMtime(path.join(root, 'dashboard', 'nodes')),
    newestMtime(path.join(root, 'dashboard', 'ui')),
    fs.statSync(path.join(root, 'scripts', 'build.js')).mtimeMs,
  );
  return newestSource > oldestBuilt;
}

function buildIfNeeded() {
  if (!buildNeeded()) {
    console.log('demo: build is up to date');
    return;
  }
  console.log('demo: building (npm run build) ...');
  const r = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.js')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the build failed; see above');
}

// ------------------------------------------------------------------------------------ flows

/** The example flows of examples/, file name order: [{file, nodes}]. */
function readExamples() {
  const dir = path.join(root, 'examples');
  return fs.readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, nodes: JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) }));
}

/**
 * All examples as one flow (each example brings its tab; nodes without a tab get one), with one
 * shared config node (every example carries the same one, same id: a second import in the editor
 * finds it; copies with other ids but the same settings are merged here), the simulator URL set
 * (config node and http request nodes to the simulator), and the
 * credentials split off as the runtime keeps them: {flows, credentials} (node id -> {name: value}).
 */
function buildDemoFlows(simUrl) {
  const flows = [];
  const credentials = {};
  const seen = new Set();
  const configKeys = new Map(); // identity of a config node -> id of the one kept
  const configAlias = new Map(); // id of a merged copy -> id of the one kept
  for (const { file, nodes } of readExamples()) {
    const tabs = nodes.filter((n) => n.type === 'tab');
    let tabId = tabs.length ? tabs[0].id : null;
    if (!tabId) {
      tabId = crypto.createHash('sha1').update(file).digest('hex').slice(0, 16);
      flows.push({ id: tabId, type: 'tab', label: file.replace(/\.json$/, ''), disabled: false, info: '' });
    }
    for (const node of nodes) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const copy = { ...node };
      const isConfigNode = copy.type === 'ezviz-config';
      if (isConfigNode) {
        const { id, x, y, z, ...rest } = copy;
        const key = JSON.stringify(rest);
        if (configKeys.has(key)) {
          configAlias.set(copy.id, configKeys.get(key));
          continue;
        }
        configKeys.set(key, copy.id);
        if (copy.baseUrl === EXAMPLE_BASE_URL) copy.baseUrl = simUrl;
      }
      // Example 04 raises simulator alarms with an http request node to the simulator's /sim/.
      if (copy.type === 'http request' && typeof copy.url === 'string' && copy.url.startsWith(`${EXAMPLE_BASE_URL}/`)) {
        copy.url = simUrl + copy.url.slice(EXAMPLE_BASE_URL.length);
      }
      if (copy.credentials) {
        credentials[copy.id] = copy.credentials;
        delete copy.credentials;
      }
      if (copy.type !== 'tab' && !isConfigNode && !copy.z) copy.z = tabId;
      flows.push(copy);
    }
  }
  for (const node of flows) {
    if (typeof node.config === 'string' && configAlias.has(node.config)) node.config = configAlias.get(node.config);
  }
  return { flows, credentials };
}

// ------------------------------------------------------------------------------------ userDir

function settingsFile({ port, host }) {
  return `// Written by scripts/demo.js on every start; edits here are overwritten.
// Example 08 registers its webhook at the port in PORT ($env("PORT")): this Node-RED's.
process.env.PORT = ${JSON.stringify(String(port))};
module.exports = {
    uiHost: ${JSON.stringify(host)},
    uiPort: ${port},
    flowFile: 'flows.json',
    // The demo keeps its (demo) credentials readable in flows_cred.json.
    credentialSecret: false,
    flowFilePretty: true,
    logging: { console: { level: 'info', metrics: false, audit: false } },
    editorTheme: {
        projects: { enabled: false },
        tours: false,
        palette: { catalogues: [] },
    },
    externalModules: { palette: { allowInstall: false }, modules: { allowInstall: false } },
    diagnostics: { enabled: false },
    telemetry: { enabled: false },
};
`;
}

/** The camera panel package (dashboard/, an npm workspace of this repository). */
const DASHBOARD_DIR = path.join(root, 'dashboard');
const DASHBOARD_PKG = 'node-red-dashboard-2-ezviz';

/** Makes `link` a symlink to `target` (kept when it already is one). */
function linkModule(link, target) {
  let linkOk = false;
  try {
    linkOk = fs.realpathSync(link) === fs.realpathSync(target);
  } catch (_) { /* missing or dangling */ }
  if (!linkOk) {
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(path.relative(path.dirname(link), target), link, 'dir');
  }
}

const hashOf = (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Makes `userDir` a Node-RED user directory with this package installed (symlink) and, when
 * `flows` is true, the example flows deployed. Flows edited in the editor since the last write
 * are kept unless `reset`. Returns {settingsPath, flowsWritten}.
 */
function prepareUserDir({ userDir, port, host = '127.0.0.1', simUrl = EXAMPLE_BASE_URL, flows = true, reset = false }) {
  fs.mkdirSync(path.join(userDir, 'node_modules'), { recursive: true });
  // Installed as a user module: listed in the userDir's package.json, linked in node_modules.
  fs.writeFileSync(path.join(userDir, 'package.json'), JSON.stringify({
    name: 'node-red-ezviz-demo',
    description: 'Node-RED user directory of the node-red-contrib-ezviz-open demo',
    version: '0.0.0',
    private: true,
    dependencies: {
      [pkg.name]: `file:${path.relative(userDir, root) || '.'}`,
      // Dashboard 2 finds third-party widgets only among the user directory's dependencies.
      [DASHBOARD_PKG]: `file:${path.relative(userDir, DASHBOARD_DIR)}`,
    },
  }, null, 2) + '\n');
  linkModule(path.join(userDir, 'node_modules', pkg.name), root);
  linkModule(path.join(userDir, 'node_modules', DASHBOARD_PKG), DASHBOARD_DIR);
  const settingsPath = path.join(userDir, 'settings.js');
  fs.writeFileSync(settingsPath, settingsFile({ port, host }));

  let flowsWritten = false;
  if (flows) {
    const flowsPath = path.join(userDir, 'flows.json');
    const credPath = path.join(userDir, 'flows_cred.json');
    const stampPath = path.join(userDir, '.demo-flows.sha256');
    const current = fs.existsSync(flowsPath) ? fs.readFileSync(flowsPath, 'utf8') : null;
    const stamp = fs.existsSync(stampPath) ? fs.readFileSync(stampPath, 'utf8').trim() : null;
    const untouched = current === null || hashOf(current) === stamp;
    if (reset || untouched) {
      const built = buildDemoFlows(simUrl);
      const text = JSON.stringify(built.flows, null, 4) + '\n';
      fs.writeFileSync(flowsPath, text);
      fs.writeFileSync(credPath, JSON.stringify(built.credentials, null, 4) + '\n');
      fs.writeFileSync(stampPath, hashOf(text) + '\n');
      flowsWritten = true;
    }
  }
  return { settingsPath, flowsWritten };
}

// ------------------------------------------------------------------------------------ processes

/** Resolves when `proc` has printed a line matching `re` (resolves with the match). */
function waitForLine(proc, re, label, timeoutMs) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => finish(new Error(`${label} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (chunk) => {
      buffer += chunk.toString();
      const m = buffer.match(re);
      if (m) finish(null, m);
      if (buffer.length > 100000) buffer = buffer.slice(-10000);
    };
    const onExit = (code, signal) => finish(new Error(`${label} exited during start (${signal || `code ${code}`})`));
    function finish(err, m) {
      clearTimeout(timer);
      proc.stdout.off('data', onData);
      proc.stderr.off('data', onData);
      proc.off('exit', onExit);
      if (err) reject(err); else resolve(m);
    }
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.on('exit', onExit);
  });
}

/** Prefixes each output line of `proc` with `[label]` on our stdout/stderr. */
function relay(proc, label) {
  for (const [stream, out] of [[proc.stdout, process.stdout], [proc.stderr, process.stderr]]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop();
      for (const line of lines) out.write(`[${label}] ${line}\n`);
    });
    stream.on('end', () => { if (rest) out.write(`[${label}] ${rest}\n`); });
  }
}

/** Child processes started here and still running, newest last (stopped newest first). */
const children = new Set();
function track(proc) {
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  return proc;
}

/** Sends `signal`, then SIGKILL after `graceMs`; resolves when the process has exited. */
function stopProcess(proc, signal = 'SIGINT', graceMs = 10000) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
    proc.once('exit', () => { clearTimeout(timer); resolve(); });
    proc.kill(signal);
  });
}

/** Starts the simulator CLI on host:port; resolves {proc, url} once it listens. */
async function startSimulatorProcess({ port = DEFAULT_SIM_PORT, host = '127.0.0.1', quiet = false } = {}) {
  const cli = path.join(root, 'dist', 'simulator', 'cli.js');
  const proc = track(spawn(process.execPath, [cli, '--port', String(port), '--host', host], {
    cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
  }));
  if (!quiet) relay(proc, 'simulator');
  const m = await waitForLine(proc, /https?:\/\/[\w.:[\]-]+:\d+/, 'the simulator', 15000)
    .catch(async (err) => { await stopProcess(proc, 'SIGKILL'); throw err; });
  return { proc, url: m[0].replace(/\/$/, '') };
}

/** POSTs JSON to the simulator's admin endpoint; resolves the HTTP status (0: no answer). */
function simPost(simUrl, pathName, body) {
  return new Promise((resolve) => {
    const data = JSON.stringify(body);
    const req = http.request(simUrl + pathName, {
      method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (res) => { res.resume(); resolve(res.statusCode); });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => { req.destroy(); resolve(0); });
    req.end(data);
  });
}

/** The webhook of example 08 (its alarm node's path and signing secret credential). */
const DEMO_WEBHOOK_PATH = '/ezviz/alarms';
const DEMO_SIGNING_SECRET = 'demo-signing-secret';

/** Tells the simulator to push each alarm it raises to the webhook at `redUrl`; the HTTP status. */
function registerWebhook(simUrl, redUrl) {
  return simPost(simUrl, '/sim/webhook', { url: redUrl + DEMO_WEBHOOK_PATH, secret: DEMO_SIGNING_SECRET });
}

/** Raises a motion alarm on C00000001 in the simulator every `seconds`; returns stop(). */
function raiseAlarms(simUrl, seconds, log = console.log) {
  if (!(seconds > 0)) return () => undefined;
  let n = 0;
  const timer = setInterval(async () => {
    n += 1;
    const status = await simPost(simUrl, '/sim/alarm', { deviceSerial: 'C00000001', channelNo: 1, alarmType: 10002 });
    log(status === 200 ? `demo: motion alarm ${n} raised on C00000001` : `demo: raising an alarm failed (HTTP ${status})`);
  }, seconds * 1000);
  return () => clearInterval(timer);
}

/** Every `seconds` the battery camera C00000014 goes offline for a quarter of that time and comes
 * back (POST /sim/device), so a device-state node with `watch` has something to report; returns
 * stop(). */
function flapCamera(simUrl, seconds, log = console.log) {
  if (!(seconds > 0)) return () => undefined;
  let back;
  const timer = setInterval(async () => {
    const status = await simPost(simUrl, '/sim/device', { deviceSerial: 'C00000014', online: false });
    log(status === 200 ? 'demo: camera C00000014 went offline' : `demo: taking C00000014 offline failed (HTTP ${status})`);
    back = setTimeout(async () => {
      await simPost(simUrl, '/sim/device', { deviceSerial: 'C00000014', online: true });
      log('demo: camera C00000014 is back online');
    }, (seconds * 1000) / 4);
  }, seconds * 1000);
  return () => { clearInterval(timer); clearTimeout(back); };
}

function httpGetStatus(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => { res.resume(); resolve(res.statusCode); });
    req.on('error', () => resolve(0));
    req.setTimeout(2000, () => { req.destroy(); resolve(0); });
  });
}

/**
 * Starts Node-RED (node_modules/node-red/red.js, or `redJs`) on the prepared `userDir`; resolves
 * {proc, url} once the editor answers (at `adminRoot`, the settings' httpAdminRoot). `nodeBinary`
 * defaults to this Node.js.
 */
async function startNodeRed({ userDir, settingsPath, port, host = '127.0.0.1', quiet = false, redJs, nodeBinary, env, adminRoot = '' }) {
  const red = redJs || require.resolve('node-red/red.js', { paths: [root] });
  const proc = track(spawn(nodeBinary || process.execPath, [red, '--userDir', userDir, '--settings', settingsPath, '--port', String(port)], {
    cwd: userDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(env || {}) },
  }));
  let log = '';
  proc.stdout.on('data', (c) => { log = (log + c.toString()).slice(-20000); });
  proc.stderr.on('data', (c) => { log = (log + c.toString()).slice(-20000); });
  if (!quiet) relay(proc, 'node-red');
  // The editor's URL (under httpAdminRoot when the settings set one).
  const admin = String(adminRoot).replace(/^\/+|\/+$/g, '');
  const url = `http://${host}:${port}/${admin ? `${admin}/` : ''}`;
  try {
    await waitForLine(proc, /Server now running at|Started flows/, 'Node-RED', 60000);
    const deadline = Date.now() + 30000;
    while ((await httpGetStatus(url)) !== 200) {
      if (Date.now() > deadline) throw new Error(`Node-RED does not answer on ${url}`);
      if (proc.exitCode !== null) throw new Error('Node-RED exited');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stopProcess(proc, 'SIGKILL');
    err.message += `\n--- Node-RED output ---\n${log}`;
    throw err;
  }
  return { proc, url, log: () => log };
}

// ------------------------------------------------------------------------------------ main

async function main(argv) {
  const reset = argv.includes('--reset');
  const alarmSeconds = process.env.EZVIZ_DEMO_ALARM_S === undefined ? 20 : Number(process.env.EZVIZ_DEMO_ALARM_S);
  const offlineSeconds = process.env.EZVIZ_DEMO_OFFLINE_S === undefined ? 120 : Number(process.env.EZVIZ_DEMO_OFFLINE_S);
  const port = Number(process.env.PORT) || DEFAULT_UI_PORT;
  const simPort = Number(process.env.EZVIZ_SIM_PORT) || DEFAULT_SIM_PORT;
  const host = '127.0.0.1';
  const userDir = process.env.EZVIZ_DEMO_DIR ? path.resolve(process.env.EZVIZ_DEMO_DIR) : path.join(root, '.node-red-demo');

  if (process.env.EZVIZ_DEMO_NO_BUILD !== '1') buildIfNeeded();

  let sim;
  let red;
  let stopping = false;
  let stopAlarms = () => undefined;
  let stopFlapping = () => undefined;
  const stopAll = async (code) => {
    if (stopping) return;
    stopping = true;
    stopAlarms();
    stopFlapping();
    console.log('\ndemo: stopping Node-RED and the simulator ...');
    // Node-RED first (its flows may still send stops to the simulator), then the simulator;
    // also a child still starting up when Ctrl-C came.
    for (const proc of [...children].reverse()) await stopProcess(proc, 'SIGINT');
    console.log('demo: stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));

  try {
    sim = await startSimulatorProcess({ port: simPort, host });
    sim.proc.on('exit', (code, signal) => {
      if (!stopping) { console.error(`demo: the simulator exited (${signal || code})`); stopAll(1); }
    });
    const { settingsPath, flowsWritten } = prepareUserDir({ userDir, port, host, simUrl: sim.url, reset });
    console.log(flowsWritten
      ? `demo: example flows deployed to ${path.relative(root, userDir) || '.'}/flows.json`
      : `demo: keeping the flows you edited in ${path.relative(root, userDir)}/ (npm start -- --reset deploys the examples again)`);
    red = await startNodeRed({ userDir, settingsPath, port, host });
    red.proc.on('exit', (code, signal) => {
      if (!stopping) { console.error(`demo: Node-RED exited (${signal || code})`); stopAll(1); }
    });
  } catch (err) {
    if (stopping) return; // Ctrl-C during the start: stopAll is already at work
    console.error(`demo: ${err.message}`);
    if (/simulator/.test(err.message)) {
      console.error(`demo: is port ${simPort} in use? Set EZVIZ_SIM_PORT to use another one.`);
    } else {
      console.error(`demo: is port ${port} in use? Set PORT to use another one.`);
    }
    await stopAll(1);
    return;
  }
  console.log([
    '',
    '  EZVIZ demo is running',
    `  Node-RED editor:   ${red.url}`,
    `  EZVIZ simulator:   ${sim.url}  (app key demo-app-key, token at.demo-token)`,
    `  Camera panel:      ${red.url}dashboard/camera  (Dashboard 2, example 07: hold the pad to move the camera)`,
    '  Open the editor, pick a tab (cloud storage, PTZ, presets, motion -> preset -> picture), press',
    '  the inject buttons and watch the debug sidebar. Ctrl-C stops both.',
    alarmSeconds > 0 ? `  A motion alarm is raised on C00000001 every ${alarmSeconds} s (EZVIZ_DEMO_ALARM_S=0: never).` : '',
    offlineSeconds > 0 ? `  The battery camera C00000014 goes offline and back every ${offlineSeconds} s (EZVIZ_DEMO_OFFLINE_S=0: never).` : '',
    '',
  ].join('\n'));
  stopAlarms = raiseAlarms(sim.url, alarmSeconds);
  stopFlapping = flapCamera(sim.url, offlineSeconds);
  // Example 08: the simulator pushes every alarm to the webhook alarm node of this Node-RED, signed.
  const hook = await registerWebhook(sim.url, `http://${host}:${port}`);
  console.log(hook === 200 ? `demo: the simulator pushes alarms to http://${host}:${port}${DEMO_WEBHOOK_PATH} (signed)`
    : `demo: registering the webhook at the simulator failed (HTTP ${hook})`);
}

module.exports = {
  EXAMPLE_BASE_URL,
  registerWebhook,
  buildDemoFlows,
  flapCamera,
  prepareUserDir,
  raiseAlarms,
  readExamples,
  startNodeRed,
  startSimulatorProcess,
  stopProcess,
};

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`demo: ${err.stack || err}`);
    process.exit(1);
  });
}
