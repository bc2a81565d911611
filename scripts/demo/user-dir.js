'use strict';
// `npm start` (scripts/demo.js) and the browser tests: a Node-RED user directory with this package
// and the camera panel package linked in, its settings, and the example flows as one flow.

const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { DEFAULT_SIM_PORT } = require('./processes');

const root = path.resolve(__dirname, '..', '..');
const pkg = require(path.join(root, 'package.json'));
/** The base URL the examples use; replaced by the actual simulator URL when it differs. */
const EXAMPLE_BASE_URL = `http://127.0.0.1:${DEFAULT_SIM_PORT}`;

/** The example flows of examples/, file name order: [{file, nodes}]. */
function readExamples() {
  const dir = path.join(root, 'examples');
  return fs
    .readdirSync(dir)
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

function settingsFile({ port, host, codeEditor, nodesExcludes }) {
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
        palette: { catalogues: [] },${codeEditor ? `\n        codeEditor: { lib: ${JSON.stringify(codeEditor)} },` : ''}
    },
    externalModules: { palette: { allowInstall: false }, modules: { allowInstall: false } },
    diagnostics: { enabled: false },
    telemetry: { enabled: false },${nodesExcludes && nodesExcludes.length ? `\n    nodesExcludes: ${JSON.stringify(nodesExcludes)},` : ''}
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
  } catch (_) {
    /* missing or dangling */
  }
  if (!linkOk) {
    fs.rmSync(link, { recursive: true, force: true });
    fs.symlinkSync(path.relative(path.dirname(link), target), link, 'dir');
  }
}

const hashOf = (text) => crypto.createHash('sha256').update(text).digest('hex');

/**
 * Makes `userDir` a Node-RED user directory with this package installed (symlink) and, when
 * `flows` is true, the example flows deployed. Flows edited in the editor since the last write
 * are kept unless `reset`. `codeEditor` ('ace'): the editor's code editor instead of Node-RED's
 * default (Monaco): the browser tests load the editor dozens of times, and none of this package's
 * dialogs holds a code editor (Monaco's 4 MB cost about 2.5 CPU-seconds per load).
 * `nodesExcludes`: core node files Node-RED leaves out (the tests' Node-REDs: the ones no test
 * uses). Returns {settingsPath, flowsWritten}.
 */
function prepareUserDir({
  userDir,
  port,
  host = '127.0.0.1',
  simUrl = EXAMPLE_BASE_URL,
  flows = true,
  reset = false,
  codeEditor,
  nodesExcludes,
}) {
  fs.mkdirSync(path.join(userDir, 'node_modules'), { recursive: true });
  // Installed as a user module: listed in the userDir's package.json, linked in node_modules.
  fs.writeFileSync(
    path.join(userDir, 'package.json'),
    JSON.stringify(
      {
        name: 'node-red-ezviz-demo',
        description: 'Node-RED user directory of the node-red-contrib-ezviz-open demo',
        version: '0.0.0',
        private: true,
        dependencies: {
          [pkg.name]: `file:${path.relative(userDir, root) || '.'}`,
          // Dashboard 2 finds third-party widgets only among the user directory's dependencies.
          [DASHBOARD_PKG]: `file:${path.relative(userDir, DASHBOARD_DIR)}`,
        },
      },
      null,
      2,
    ) + '\n',
  );
  linkModule(path.join(userDir, 'node_modules', pkg.name), root);
  linkModule(path.join(userDir, 'node_modules', DASHBOARD_PKG), DASHBOARD_DIR);
  const settingsPath = path.join(userDir, 'settings.js');
  fs.writeFileSync(settingsPath, settingsFile({ port, host, codeEditor, nodesExcludes }));

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

module.exports = { EXAMPLE_BASE_URL, buildDemoFlows, prepareUserDir, readExamples };
