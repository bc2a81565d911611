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
// Its parts are in scripts/demo/: build.js (build when a source changed), user-dir.js (the user
// directory, its settings and the example flows), processes.js (the simulator and Node-RED as child
// processes: the helpers the tests share) and simulator-admin.js (alarms, webhook, a flapping
// camera). This file is main(), which runs only when it is the entry point, and re-exports the parts.

const path = require('path');
const { buildIfNeeded } = require('./demo/build');
const { EXAMPLE_BASE_URL, buildDemoFlows, prepareUserDir, readExamples } = require('./demo/user-dir');
const {
  DEFAULT_SIM_PORT,
  DEFAULT_UI_PORT,
  children,
  httpStatus,
  startNodeRed,
  startSimulatorProcess,
  stopProcess,
} = require('./demo/processes');
const { DEMO_WEBHOOK_PATH, flapCamera, raiseAlarms, registerWebhook } = require('./demo/simulator-admin');

const root = path.resolve(__dirname, '..');

async function main(argv) {
  const reset = argv.includes('--reset');
  const alarmSeconds = process.env.EZVIZ_DEMO_ALARM_S === undefined ? 20 : Number(process.env.EZVIZ_DEMO_ALARM_S);
  const offlineSeconds =
    process.env.EZVIZ_DEMO_OFFLINE_S === undefined ? 120 : Number(process.env.EZVIZ_DEMO_OFFLINE_S);
  const port = Number(process.env.PORT) || DEFAULT_UI_PORT;
  const simPort = Number(process.env.EZVIZ_SIM_PORT) || DEFAULT_SIM_PORT;
  const host = '127.0.0.1';
  const userDir = process.env.EZVIZ_DEMO_DIR
    ? path.resolve(process.env.EZVIZ_DEMO_DIR)
    : path.join(root, '.node-red-demo');

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
      if (!stopping) {
        console.error(`demo: the simulator exited (${signal || code})`);
        stopAll(1);
      }
    });
    const { settingsPath, flowsWritten } = prepareUserDir({ userDir, port, host, simUrl: sim.url, reset });
    console.log(
      flowsWritten
        ? `demo: example flows deployed to ${path.relative(root, userDir) || '.'}/flows.json`
        : `demo: keeping the flows you edited in ${path.relative(root, userDir)}/ (npm start -- --reset deploys the examples again)`,
    );
    red = await startNodeRed({ userDir, settingsPath, port, host });
    red.proc.on('exit', (code, signal) => {
      if (!stopping) {
        console.error(`demo: Node-RED exited (${signal || code})`);
        stopAll(1);
      }
    });
    // The editor answers before the flows have started: the dashboard's pages come with them. Wait
    // (up to 20 s: flows edited without the dashboard never have it) so the URLs below answer.
    for (const until = Date.now() + 20000; Date.now() < until && !stopping;) {
      if ((await httpStatus(`${red.url}dashboard/camera`)) === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
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
  console.log(
    [
      '',
      '  EZVIZ demo is running',
      `  Node-RED editor:   ${red.url}`,
      `  EZVIZ simulator:   ${sim.url}  (app key demo-app-key, token at.demo-token)`,
      `  Camera panel:      ${red.url}dashboard/camera  (Dashboard 2, example 07: hold the pad to move the camera)`,
      `  Camera wall:       ${red.url}dashboard/wall  (Dashboard 2, example 16: tap a tile to play it live)`,
      '  Open the editor, pick a tab (cloud storage, PTZ, presets, motion -> preset -> picture), press',
      '  the inject buttons and watch the debug sidebar. Ctrl-C stops both.',
      alarmSeconds > 0
        ? `  A motion alarm is raised on C00000001 every ${alarmSeconds} s (EZVIZ_DEMO_ALARM_S=0: never).`
        : '',
      offlineSeconds > 0
        ? `  The battery camera C00000014 goes offline and back every ${offlineSeconds} s (EZVIZ_DEMO_OFFLINE_S=0: never).`
        : '',
      '',
    ].join('\n'),
  );
  stopAlarms = raiseAlarms(sim.url, alarmSeconds);
  stopFlapping = flapCamera(sim.url, offlineSeconds);
  // Example 08: the simulator pushes every alarm to the webhook alarm node of this Node-RED, signed.
  const hook = await registerWebhook(sim.url, `http://${host}:${port}`);
  console.log(
    hook === 200
      ? `demo: the simulator pushes alarms to http://${host}:${port}${DEMO_WEBHOOK_PATH} (signed)`
      : `demo: registering the webhook at the simulator failed (HTTP ${hook})`,
  );
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
