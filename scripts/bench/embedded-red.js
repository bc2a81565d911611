'use strict';
// Node-RED embedded in a benchmark's process (runtime.js, alarms-red.js): a user directory with the
// package installed as a user would have it (a symlink in its node_modules), the flow and its
// credentials; the settings every bench run shares; the wait until the flow's nodes run.

const fs = require('fs');
const os = require('os');
const path = require('path');

const root = path.resolve(__dirname, '..', '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A fresh user directory (`prefix` in the temporary folder) holding the package, `flows` and `creds`. */
function benchUserDir(prefix, flows, creds) {
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(path.join(userDir, 'node_modules'));
  fs.symlinkSync(root, path.join(userDir, 'node_modules', 'node-red-contrib-ezviz-open'), 'dir');
  fs.writeFileSync(path.join(userDir, 'flows.json'), JSON.stringify(flows));
  fs.writeFileSync(path.join(userDir, 'flows_cred.json'), JSON.stringify(creds));
  return userDir;
}

/** Node-RED's settings: no editor, the bench's own nodes (runtime-nodes/), warnings only. */
function benchSettings(userDir, httpNodeRoot = false) {
  return {
    userDir,
    flowFile: 'flows.json',
    credentialSecret: false,
    httpAdminRoot: false,
    httpNodeRoot,
    nodesDir: [path.join(__dirname, 'runtime-nodes')],
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    externalModules: { autoInstall: false, palette: { allowInstall: false } },
    functionExternalModules: false,
    telemetry: { enabled: false },
    diagnostics: { enabled: false },
  };
}

/** Resolves once Node-RED runs every node of `ids`; throws naming the missing ones after 20 s. */
async function nodesStarted(RED, ids) {
  const deadline = Date.now() + 20000;
  while (!ids.every((id) => RED.nodes.getNode(id))) {
    if (Date.now() > deadline) {
      const missing = ids.filter((id) => !RED.nodes.getNode(id));
      throw new Error(`Node-RED did not start the bench flow (missing nodes: ${missing.join(', ')})`);
    }
    await sleep(50);
  }
}

module.exports = { benchUserDir, benchSettings, nodesStarted };
