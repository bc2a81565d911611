// Who may move, with a real Dashboard 2 auth plugin (docs/behaviour.md section 21): a small Node-RED
// plugin of this test registers Dashboard 2's hooks as auth plugins do (`onIsValidConnection`,
// `onAddConnectionCredentials`: the user of the connection, here from a cookie the browser carries
// as a login would leave one). A panel allowing alice to move and to switch: alice's browser moves
// the camera and her user is in `msg._client` on the output; bob's browser sends nothing to the
// simulator and shows "not allowed". The panel on a page of its own (/dashboard/who); its describe
// runs in test/dashboard/panel-pages.test.ts, whose Node-RED (with this plugin) it shares.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DashboardEnv, dashboardPage, FlowNode, PanelPage, panelNode } from '../support/dashboard-env';

const PLUGIN = `module.exports = function (RED) {
  function userOf (conn) {
    const cookie = (conn && conn.handshake && conn.handshake.headers && conn.handshake.headers.cookie) || '';
    const m = /(?:^|;\\s*)test-user=([a-z]+)/.exec(cookie);
    return m ? m[1] : null;
  }
  RED.plugins.registerPlugin('ezviz-test-auth', {
    type: 'node-red-dashboard-2',
    hooks: {
      onIsValidConnection (conn, msg) {
        const want = msg && msg._client && msg._client.user && msg._client.user.username;
        return !want || want === userOf(conn);
      },
      onAddConnectionCredentials (conn, msg) {
        const name = userOf(conn);
        if (name) msg._client = { ...(msg._client || {}), user: { userId: 'id-' + name, username: name } };
        return msg;
      },
      onCanSaveInStore () { return true; }
    }
  });
};
`;

/** The test's auth plugin as a user module of Node-RED's user directory. */
export function installAuthPlugin(userDir: string): void {
  const dir = path.join(userDir, 'node_modules', 'ezviz-test-auth');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'ezviz-test-auth',
      version: '1.0.0',
      'node-red': { plugins: { 'ezviz-test-auth': 'plugin.js' } },
    }),
  );
  fs.writeFileSync(path.join(dir, 'plugin.js'), PLUGIN);
}

/** The page `who` with the panel `cam-who` on C00000001, alice allowed to move and to switch, its
 * output's action and user appended to actions.log in the user directory. */
export function authUserNodes(): FlowNode[] {
  return [
    ...dashboardPage('who', 2),
    panelNode('cam-who', { group: 'dash-group-who', moveUsers: 'alice', switchUsers: 'alice', wires: [['who']] }),
    {
      id: 'who',
      type: 'function',
      z: 'tab',
      name: 'who did it',
      x: 400,
      y: 100,
      wires: [['out']],
      outputs: 1,
      func: 'msg.payload = JSON.stringify({ action: msg.payload.action, user: msg._client && msg._client.user || null });\nreturn msg;',
    },
    {
      id: 'out',
      type: 'file',
      z: 'tab',
      name: 'actions',
      filename: 'actions.log',
      filenameType: 'str',
      appendNewline: true,
      createDir: false,
      overwriteFile: 'false',
      encoding: 'utf8',
      x: 600,
      y: 100,
      wires: [[]],
    },
  ];
}

/** The describe of the auth tests, on the environment `envOf` gives (its flow holds authUserNodes, its
 * user directory the plugin of installAuthPlugin). */
export function describeAuthUser(envOf: () => DashboardEnv): void {
  describe('dashboard: who may move, with a Dashboard 2 auth plugin (Chromium)', function () {
    this.timeout(120000);
    let env: DashboardEnv;
    let outFile = '';

    before(() => {
      env = envOf();
      outFile = path.join(env.userDir, 'actions.log');
    });

    /** A browser that carries the user's cookie from its first request (one page load). */
    function openAs(user: string): Promise<PanelPage> {
      return env.open({ path: 'who', cookies: [{ name: 'test-user', value: user }] });
    }

    async function hold(p: PanelPage, name: string, ms: number): Promise<void> {
      await p.page.getByRole('button', { name, exact: true }).hover();
      await p.page.mouse.down();
      await new Promise((r) => setTimeout(r, ms));
      await p.page.mouse.up();
    }

    const moves = () => env.sim.requestLog().filter((e) => /ptz|preset\/move|switch\/set|defence\/set/.test(e.path));
    const actions = () =>
      fs.existsSync(outFile)
        ? fs
            .readFileSync(outFile, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [];

    it('alice (allowed) moves the camera; her user is in msg._client on the output', async () => {
      const p = await openAs('alice');
      try {
        env.sim.clearLog();
        await hold(p, 'left', 700);
        await p.page.getByRole('status').filter({ hasText: 'stopped' }).waitFor();
        assert.deepStrictEqual(
          moves().map((e) => e.path.replace(/^.*\/ptz\//, '')),
          ['start', 'stop'],
        );
        // The status says "stopped" once the stop's reply came; the file node may append the stop's
        // output line a moment later (seen under load): wait for it.
        for (const until = Date.now() + 5000; actions().length < 2 && Date.now() < until;)
          await new Promise((r) => setTimeout(r, 50));
        const seen = actions();
        assert.deepStrictEqual(
          seen.map((a) => a.action),
          ['move', 'stop'],
        );
        for (const a of seen) assert.deepStrictEqual(a.user, { userId: 'id-alice', username: 'alice' });
        assert.deepStrictEqual(p.pageErrors, []);
      } finally {
        await p.close();
      }
    });

    it('bob (not allowed) sends nothing to the simulator and sees "not allowed"; nothing on the output', async () => {
      const p = await openAs('bob');
      try {
        env.sim.clearLog();
        const before = actions().length;
        await hold(p, 'left', 700);
        await p.page.getByRole('status').filter({ hasText: 'not allowed' }).waitFor();
        await p.page.getByRole('switch', { name: 'privacy', exact: true }).click();
        await p.page.getByRole('button', { name: 'Door', exact: true }).click();
        await new Promise((r) => setTimeout(r, 800));
        await p.page.getByRole('status').filter({ hasText: 'not allowed' }).waitFor();
        assert.deepStrictEqual(
          moves().map((e) => e.path),
          [],
        );
        assert.strictEqual(actions().length, before, 'nothing of bob on the output');
        assert.deepStrictEqual(p.pageErrors, []);
      } finally {
        await p.close();
      }
    });
  });
}
