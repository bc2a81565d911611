// Secrets (access tokens, app secrets, card passwords) never appear in anything the nodes said
// during the whole run: sent messages, statuses, warnings, errors, log lines. The record is
// filled by test/support/red.ts on every unload; the check runs after every test file.

import assert from 'assert';
import { said, secrets } from '../support/red';

/** The secrets of the default simulator state and of the tests (card passwords, app secrets). */
const KNOWN = ['demo-app-secret', 'frozen-app-secret', 'intl-app-secret', 'at.demo-token', 'at.expired-token',
  'CARD-VALID-0001', 'CARD-VALID-0002', 'CARD-VALID-0003', 'CARD-USED-0001', 'CARD-BOUND-0001', 'CARD-FAIL-0001',
  'wrong-secret-2', 'x-secret-1', 'WRONG-CARD-',
  // verification codes (ezviz-switch: encryption off; ezviz-live; the simulator's default code, a wrong one of the tests)
  'ABCDEF', 'WRONGX'];

export function leaks(lines: readonly string[], words: Iterable<string>): string[] {
  const found: string[] = [];
  for (const w of words) {
    if (!w) continue;
    const hit = lines.find((l) => l.includes(w));
    if (hit) found.push(`${w} in ${hit.slice(0, 300)}`);
  }
  return found;
}

describe('secrets', function () {
  it('the scan finds a planted secret (the check can fail)', () => {
    assert.deepStrictEqual(leaks(['status: {"text":"ok"}', 'send: {"payload":"at.abc"}'], ['at.abc']).length, 1);
    assert.deepStrictEqual(leaks(['status: {"text":"ok"}'], ['at.abc']), []);
  });
});

// A root hook: runs once after every test of every file.
after(function () {
  const words = new Set([...KNOWN, ...secrets]);
  assert.ok(said.length > 50, `the record holds what the nodes said (${said.length} lines)`);
  assert.ok(said.some((l) => l.startsWith('status:')) && said.some((l) => l.startsWith('send:')));
  assert.deepStrictEqual(leaks(said, words), []);
});
