// The simulator's rooms (docs/architecture.md "Simulator"): one file per API area under
// simulator/areas/, the state under simulator/state/, and no simulator file over 300 lines.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
export const MAX_SIMULATOR_FILE_LINES = 300;

/** Every .ts file under simulator/, relative to the repository, sorted. */
function simulatorFiles(dir = path.join(ROOT, 'simulator')): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...simulatorFiles(full));
    else if (entry.name.endsWith('.ts')) out.push(path.relative(ROOT, full).split(path.sep).join('/'));
  }
  return out.sort();
}

const linesOf = (text: string): number => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('structure: simulator rooms', () => {
  const files = simulatorFiles();

  it('has one file per API area beside its server and state', () => {
    for (const f of [
      'server.ts',
      'admin.ts',
      'api.ts',
      'routes.ts',
      'index.ts',
      'cli.ts',
      'state/index.ts',
      'areas/index.ts',
      'areas/token.ts',
      'areas/storage.ts',
      'areas/ptz.ts',
      'areas/devices.ts',
      'areas/pictures.ts',
      'areas/alarms.ts',
    ]) {
      assert.ok(files.includes(`simulator/${f}`), `simulator/${f} is missing`);
    }
  });

  it(`no simulator file is over ${MAX_SIMULATOR_FILE_LINES} lines`, () => {
    const over = files
      .map((file) => ({ file, lines: linesOf(fs.readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter((f) => f.lines > MAX_SIMULATOR_FILE_LINES);
    assert.deepStrictEqual(
      over,
      [],
      `simulator files over ${MAX_SIMULATOR_FILE_LINES} lines: ${over.map((o) => `${o.file} (${o.lines} lines)`).join(', ')}`,
    );
  });
});
