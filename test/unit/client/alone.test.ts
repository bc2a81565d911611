// The client alone (client/README.md): no file of client/ imports Node-RED (not even a type) or
// a folder outside client/, and the README's example runs as written against the simulator.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import { startSimulator, type Simulator } from '../../../simulator';
import { EzvizService } from '../../../client/service/service';
import { OPERATIONS } from '../../../client/operations/operations';
import type { Owner } from '../../../client/requests/call-types';

const ROOT = path.resolve(__dirname, '../../../..');

function clientFiles(rel = 'client'): string[] {
  return fs.readdirSync(path.join(ROOT, rel), { withFileTypes: true }).flatMap((e) => {
    const r = `${rel}/${e.name}`;
    return e.isDirectory() ? clientFiles(r) : e.name.endsWith('.ts') ? [r] : [];
  });
}

/** What `file` imports that the client may not: Node-RED, or a relative path leaving client/. */
export function outsideImports(file: string, text: string): string[] {
  const specs = ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]);
  return specs.filter((s) => {
    if (/^(node-red|@node-red\/)/.test(s)) return true;
    if (!s.startsWith('.')) return false;
    return !path.posix.normalize(path.posix.join(path.posix.dirname(file), s)).startsWith('client/');
  });
}

describe('the client alone (client/)', () => {
  it('imports nothing of Node-RED and nothing outside client/', () => {
    const files = clientFiles();
    assert.ok(files.includes('client/service/service.ts'));
    const bad = files.flatMap((f) =>
      outsideImports(f, fs.readFileSync(path.join(ROOT, f), 'utf8')).map((s) => `${f} imports ${s}`),
    );
    assert.deepStrictEqual(bad, []);
  });

  it('the check can fail: a type import of node-red and an import of runtime/ are found', () => {
    const text = "import type { Node } from 'node-red';\nimport { x } from '../../runtime/i18n/i18n';\n";
    assert.deepStrictEqual(outsideImports('client/wire/x.ts', text), ['node-red', '../../runtime/i18n/i18n']);
  });

  describe("the README's example against the simulator", () => {
    let sim: Simulator;
    let service: EzvizService;
    const owner: Owner = { id: 'script', closed: false, timedStopDone: () => undefined };
    before(async () => {
      sim = await startSimulator({ port: 0 });
      service = new EzvizService({
        baseUrl: sim.url,
        appKey: 'demo-app-key',
        appSecret: 'demo-app-secret',
        timeout: 10000,
        maxRetries: 2,
        retryDelay: 1000,
        t: (key) => key,
        warn: () => undefined,
      });
    });
    after(async () => {
      await service.close();
      await sim.close();
    });

    it('a call answers with the reply, a wrong camera with the API code', async () => {
      const ok = await service.call({ spec: OPERATIONS['storage-info'], fields: { deviceSerial: 'C00000001' }, owner });
      assert.strictEqual(ok.kind, 'ok');
      assert.strictEqual(ok.kind === 'ok' && ok.reply.code, '200');
      const bad = await service.call({ spec: OPERATIONS['storage-info'], fields: { deviceSerial: 'NOSUCH' }, owner });
      assert.strictEqual(bad.kind, 'error');
      assert.match(bad.kind === 'error' ? bad.error.code : '', /^\d+$/);
    });
  });
});
