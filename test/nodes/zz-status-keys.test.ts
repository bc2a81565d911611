// Every status text the nodes showed during the whole run is a key of both catalogs (issue 22):
// none is English built on the runtime, so a Chinese editor shows Chinese statuses on an English
// runtime, also the ones with arguments (the alarm node's "08:20:33: 0 new"). The record is filled
// by test/support/red.ts on every unload; the check runs after every test file, like zz-secrets.

import assert from 'assert';
import { statusTexts } from '../support/red';
import { bothCatalogs, statusTextProblem } from '../support/catalog-keys';
import { statusKey, statusWithArgs } from '../../nodes/shared/i18n/status-keys';

describe('status texts are catalog keys', function () {
  const catalogs = bothCatalogs();

  it('the check can fail: English text, an unknown key, a key without its arguments', () => {
    assert.ok(statusTextProblem('08:20:33: 0 new', catalogs));
    assert.ok(statusTextProblem('stopped', catalogs));
    assert.ok(statusTextProblem(statusKey('nope'), catalogs));
    assert.ok(statusTextProblem(statusKey('polled'), catalogs), 'polled needs t and n');
    assert.ok(statusTextProblem(statusWithArgs('polled', { t: '08:20:33' }), catalogs), 'n missing');
    assert.equal(statusTextProblem(statusWithArgs('polled', { t: '08:20:33', n: 0 }), catalogs), undefined);
    assert.equal(statusTextProblem(statusKey('code.20007'), catalogs), undefined);
  });
});

// A root hook: runs once after every test of every file.
after(function () {
  const catalogs = bothCatalogs();
  assert.ok(statusTexts.size > 20, `the record holds the statuses shown (${statusTexts.size})`);
  const problems = [...statusTexts].map((t) => statusTextProblem(t, catalogs)).filter((p) => p !== undefined);
  assert.deepStrictEqual(problems, []);
});
