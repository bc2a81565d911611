// Example 11's greeting (scripts/make-greeting.sh): the bytes in its function node are the
// committed wav, which the package takes (wav, 8 kHz mono, within 5 MB and 60 s).

import assert from 'assert';
import fs from 'fs';
import path from 'path';
import { readAudio } from '../../features/voice/audio';

const ROOT = path.join(__dirname, '..', '..', '..');

describe('example 11: the doorbell greeting', () => {
  it('the function node holds the committed wav, which ezviz-voice takes', () => {
    const wav = fs.readFileSync(path.join(ROOT, 'scripts', 'media', 'doorbell-greeting.wav'));
    const flow = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', '11-doorbell-greeting.json'), 'utf8')) as Array<
      Record<string, string>
    >;
    const fn = flow.find((n) => n.type === 'function')!;
    const b64 = /Buffer\.from\('([A-Za-z0-9+/=]+)', 'base64'\)/.exec(fn.func)?.[1];
    assert.ok(b64, 'the greeting as base64');
    assert.ok(Buffer.from(b64, 'base64').equals(wav), 'the example and the file agree');
    const facts = readAudio(wav);
    assert.ok(typeof facts === 'object', String(facts));
    assert.strictEqual(facts.format, 'wav');
    assert.ok(facts.durationMs > 1000 && facts.durationMs < 5000, String(facts.durationMs));
    assert.ok(wav.length < 64 * 1024, 'small');
  });
});
