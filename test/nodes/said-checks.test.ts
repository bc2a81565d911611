// The checks of test/support/said-checks.ts (a root-hook plugin: after each test and each file, no
// secret in what the nodes said, every status text a key of both catalogs) can fail, and the record
// they read is filled by a real flow's unload.

import assert from 'assert';
import { checker, leaks } from '../support/said-checks';
import { statusKey, statusWithArgs } from '../../runtime/i18n/status-keys';
import { bothCatalogs, statusTextProblem } from '../support/catalog-keys';
import type { Simulator } from '../../simulator';
import { loadOp, run, said, secrets, simulatorPerTest, statusTexts, unload } from '../support/red';

describe('said checks (root hooks: secrets and status keys, per test and per file)', function () {
  it('the secret scan finds a planted secret', () => {
    assert.deepStrictEqual(leaks(['status: {"text":"ok"}', 'send: {"payload":"at.abc"}'], ['at.abc']).length, 1);
    assert.deepStrictEqual(leaks(['status: {"text":"ok"}'], ['at.abc']), []);
  });

  it('the status check fails on English text, an unknown key, a key without its arguments', () => {
    const catalogs = bothCatalogs();
    assert.ok(statusTextProblem('08:20:33: 0 new', catalogs));
    assert.ok(statusTextProblem('stopped', catalogs));
    assert.ok(statusTextProblem(statusKey('nope'), catalogs));
    assert.ok(statusTextProblem(statusKey('polled'), catalogs), 'polled needs t and n');
    assert.ok(statusTextProblem(statusWithArgs('polled', { t: '08:20:33' }), catalogs), 'n missing');
    assert.equal(statusTextProblem(statusWithArgs('polled', { t: '08:20:33', n: 0 }), catalogs), undefined);
    assert.equal(statusTextProblem(statusKey('code.20007'), catalogs), undefined);
  });

  it("a check sees only what was said since the last one, with the record's own secrets", () => {
    const check = checker();
    const rec = {
      said: ['send: {"payload":"x"}'],
      secrets: new Set<string>(['at.s3cret']),
      statusTexts: new Set<string>(),
    };
    assert.deepStrictEqual(check(rec), []);
    rec.said.push('status: {"text":"at.s3cret"}');
    rec.statusTexts.add('moving');
    const problems = check(rec);
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0], /secret said: at\.s3cret/);
    assert.match(problems[1], /status not a catalog key/);
    assert.deepStrictEqual(check(rec), [], 'each line and status text is judged once');
  });

  describe('the record a real flow fills', function () {
    let sim: Simulator;
    simulatorPerTest((s) => {
      sim = s;
    });

    it("holds the sent messages and statuses of an unloaded flow, and the simulator's tokens", async () => {
      const before = said.length;
      await loadOp('storage-info', sim.url, { props: { deviceSerial: 'C00000001', deviceSerialType: 'str' } });
      const { port } = await run({ payload: { channelNo: 1 } });
      assert.equal(port, 'ok');
      await unload();
      const fresh = said.slice(before);
      assert.ok(
        fresh.some((l) => l.startsWith('status:')),
        fresh.join('\n'),
      );
      assert.ok(
        fresh.some((l) => l.startsWith('send:')),
        fresh.join('\n'),
      );
      assert.ok(statusTexts.size > 0);
      assert.ok(secrets.has('at.demo-token'));
    });
  });
});
