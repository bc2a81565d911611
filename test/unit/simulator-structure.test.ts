// The simulator's rooms (docs/architecture.md "Simulator"): one file per API area under
// simulator/areas/ (split by part where one would be long), the state under simulator/state/,
// and no simulator file over 200 lines.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.resolve(__dirname, '../../..');
export const MAX_SIMULATOR_FILE_LINES = 200;

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
      'router.ts',
      'served.ts',
      'admin.ts',
      'admin-guard.ts',
      'admin-view.ts',
      'api.ts',
      'routes.ts',
      'routes-open.ts',
      'routes-media.ts',
      'routes-watch.ts',
      'routes-upkeep.ts',
      'routes-hub.ts',
      'route-types.ts',
      'index.ts',
      'cli.ts',
      'state/index.ts',
      'state/normalize.ts',
      'state/normalize-device.ts',
      'state/normalize-channel.ts',
      'state/normalize-alarm.ts',
      'areas/index.ts',
      'areas/token.ts',
      'areas/storage.ts',
      'areas/ptz.ts',
      'areas/ptz-model.ts',
      'areas/devices.ts',
      'areas/pictures.ts',
      'areas/picture-bytes.ts',
      'areas/alarms.ts',
      'areas/alarm-raise.ts',
      'areas/live.ts',
      'areas/live-admin.ts',
      'areas/stream.ts',
      'areas/stream-hls.ts',
      'areas/stream-state.ts',
      'areas/mq.ts',
      'areas/mq-service.ts',
      'areas/mq-messages.ts',
      'areas/mq-push.ts',
      'areas/mq-webhook.ts',
      'areas/switches.ts',
      'areas/device-change.ts',
      'areas/voice.ts',
      'areas/doorbell.ts',
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
