// Pure parts of the edit dialogs (editor): the checks agree with the runtime's
// parsing, the definitions derive from the OPERATIONS table, validators use the 3.1+ form.
// The editor's RED global is replaced by a small catalog stand-in; no DOM is needed.

import assert from 'assert';
import fc from 'fast-check';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DIRECTIONS, IMMEDIATELY, MIRROR_COMMANDS, SPEEDS } from '../../../client/operations/enums';
import { CONFIG_TYPE, OPERATIONS, type ParamSpec } from '../../../client/operations/operations';
import { parseParam } from '../../../client/params/parse';
import { LIMITS } from '../../../client/config/settings';
import {
  checkBaseUrl,
  checkCredential,
  checkParam,
  checkSetting,
  CREDENTIAL_SET,
  hasCredential,
  REFERENCE_TYPES,
  STORED_SECRET,
  otherStreamCamera,
} from '../../../editor/checks';
import { credentialProblem, hostOf, regionOf, REGIONS } from '../../../editor/config-node';
import { describe as describeNode, operationNodeDef } from '../../../editor/operation-node';
import { dialogHtml } from '../../../editor/operation-dialog';
import { displayValue, fitSelect, SELECT_TYPES } from '../../../editor/param-selects';
import { paramDefault, typeNames } from '../../../editor/params';

const g = globalThis as unknown as { RED?: unknown };

/** Stand-in for the editor's RED._: the key without its namespace, then its arguments. */
function fakeRed(): void {
  g.RED = {
    _: (key: string, args?: Record<string, unknown>) => {
      const bare = key.replace(/^[^:]*:/, '');
      return args ? `${bare} ${JSON.stringify(args)}` : bare;
    },
  };
}

const allParams: ParamSpec[] = Object.values(OPERATIONS).flatMap((o) => o.params);
const param = (op: keyof typeof OPERATIONS, name: string): ParamSpec =>
  OPERATIONS[op].params.find((p) => p.name === name)!;

describe('editor: parameter checks', () => {
  it('accepts an empty literal (the node reads msg.payload) but not an empty msg/flow/global/env path', () => {
    for (const p of allParams) {
      for (const type of ['str', 'num']) assert.strictEqual(checkParam(p, type, ''), null, `${p.name} ${type}`);
      for (const type of REFERENCE_TYPES) {
        assert.strictEqual(checkParam(p, type, ' ')?.key, 'editor.invalid.path', `${p.name} ${type} empty`);
        assert.strictEqual(checkParam(p, type, 'payload.x'), null, `${p.name} ${type} path`);
      }
    }
  });

  it("takes the runtime parser's verdict for every non-empty literal", () => {
    const samples = fc.oneof(
      fc.string(),
      fc.integer({ min: -5, max: 700000 }).map(String),
      fc.constantFrom(
        ...Object.keys(DIRECTIONS),
        ...Object.keys(SPEEDS),
        ...Object.keys(MIRROR_COMMANDS),
        ...Object.keys(IMMEDIATELY),
        'true',
        'FALSE',
        'C00000001',
        '+8613800000000',
        ' 12 ',
      ),
    );
    fc.assert(
      fc.property(fc.constantFrom(...allParams.filter((p) => !p.secret)), samples, (p, v) => {
        fc.pre(v.trim() !== '');
        const runtime = parseParam({ ...p, required: false }, v).ok;
        const problem = checkParam(p, 'str', v);
        assert.strictEqual(problem === null, runtime, `${p.name}=${JSON.stringify(v)}`);
        if (problem) {
          assert.ok(problem.key.startsWith('validation.'), problem.key);
          assert.strictEqual(problem.args?.param, p.name);
        }
      }),
    );
  });

  it('names the reason and the value as the runtime does', () => {
    const p = param('ptz-start', 'channelNo');
    assert.deepStrictEqual(checkParam(p, 'num', '0'), {
      key: 'validation.channel',
      args: { param: 'channelNo', value: '"0"', max: 256 },
    });
    assert.strictEqual(checkParam(param('ptz-start', 'duration'), 'num', '600001')?.key, 'validation.duration');
    assert.strictEqual(checkParam(param('ptz-start', 'direction'), 'direction', 'zoom-in'), null);
    assert.strictEqual(checkParam(param('storage-open', 'isImmediately'), 'immediately', 'yes'), null);
  });

  it('never checks or echoes a card password typed as a credential', () => {
    const card = param('storage-open', 'cardPassword');
    assert.strictEqual(checkParam(card, 'cred', STORED_SECRET), null);
    assert.strictEqual(checkParam(card, 'cred', ''), null);
    const problem = checkParam(card, 'cred', 'has blanks');
    assert.ok(problem && !JSON.stringify(problem).includes('has blanks'), JSON.stringify(problem));
  });
});

describe('editor: a card password credential lost in a copy of the node', () => {
  const card = OPERATIONS['storage-open'].params.find((p) => p.name === 'cardPassword')!;
  it('a copy (marker, no credential) is invalid; the original, a typed value or an empty field are not', () => {
    assert.strictEqual(
      checkCredential(card, CREDENTIAL_SET, CREDENTIAL_SET, false)?.key,
      'editor.invalid.credentialNotCopied',
    );
    assert.strictEqual(checkCredential(card, '', CREDENTIAL_SET, false)?.key, 'editor.invalid.credentialNotCopied');
    assert.strictEqual(checkCredential(card, CREDENTIAL_SET, CREDENTIAL_SET, true), null);
    assert.strictEqual(checkCredential(card, STORED_SECRET, CREDENTIAL_SET, true), null);
    assert.strictEqual(checkCredential(card, 'CARD-NEW-1', CREDENTIAL_SET, false), null, 'typed again');
    assert.strictEqual(checkCredential(card, '', '', false), null, 'left empty: msg.payload.cardPassword');
    assert.strictEqual(checkCredential(card, 'two words', '', false)?.key, 'validation.cardPassword');
  });
  it('hasCredential: a stored secret (has_) or one typed in this editor', () => {
    assert.ok(hasCredential({ has_cardPassword: true }, 'cardPassword'));
    assert.ok(hasCredential({ cardPassword: 'CARD-1' }, 'cardPassword'));
    assert.ok(!hasCredential({ cardPassword: STORED_SECRET }, 'cardPassword'));
    assert.ok(!hasCredential({ has_cardPassword: false, cardPassword: '' }, 'cardPassword'));
    assert.ok(!hasCredential(undefined, 'cardPassword'));
  });
});

describe('editor: config node rules', () => {
  it('base URL: http(s) with a host, no user info', () => {
    for (const ok of ['https://open.ys7.com', 'https://open.ezvizlife.com/', 'http://127.0.0.1:8089']) {
      assert.strictEqual(checkBaseUrl(ok), null, ok);
    }
    for (const bad of ['', 'open.ys7.com', 'ftp://x', 'http://', 'https://user:pw@open.ys7.com']) {
      assert.strictEqual(checkBaseUrl(bad)?.key, 'errors.baseUrl', bad);
    }
  });

  it('numeric settings within the runtime limits; empty means the default', () => {
    for (const name of Object.keys(LIMITS) as Array<keyof typeof LIMITS>) {
      const [min, max] = LIMITS[name];
      assert.strictEqual(checkSetting(name, String(min)), null);
      assert.strictEqual(checkSetting(name, String(max)), null);
      assert.strictEqual(checkSetting(name, ''), null);
      assert.deepStrictEqual(checkSetting(name, String(max + 1)), { key: 'errors.setting', args: { name, min, max } });
      assert.strictEqual(checkSetting(name, 'many')?.key, 'errors.setting');
    }
  });

  it('regions and labels', () => {
    assert.strictEqual(regionOf('https://open.ys7.com/'), 'china');
    assert.strictEqual(regionOf(REGIONS.international), 'international');
    assert.strictEqual(regionOf('http://127.0.0.1:8089'), 'custom');
    assert.strictEqual(hostOf('http://127.0.0.1:8089/x'), '127.0.0.1:8089');
  });

  it('a token, or an app key with its secret', () => {
    const s = (accessToken: boolean, appKey: boolean, appSecret: boolean) => ({ accessToken, appKey, appSecret });
    assert.strictEqual(credentialProblem('accessToken', s(false, false, false))?.key, 'errors.noCredentials');
    // nothing given: all three fields marked alike, not the token alone
    for (const f of ['accessToken', 'appKey', 'appSecret'] as const)
      assert.strictEqual(credentialProblem(f, s(false, false, false))?.key, 'errors.noCredentials');
    assert.strictEqual(credentialProblem('accessToken', s(true, false, false)), null);
    assert.strictEqual(credentialProblem('appSecret', s(false, true, false))?.key, 'editor.invalid.appSecretMissing');
    assert.strictEqual(credentialProblem('appKey', s(false, false, true))?.key, 'editor.invalid.appKeyMissing');
    for (const f of ['accessToken', 'appKey', 'appSecret'] as const)
      assert.strictEqual(credentialProblem(f, s(false, true, true)), null);
  });
});

describe('editor: definitions from the OPERATIONS table', () => {
  before(fakeRed);
  after(() => delete g.RED);

  for (const spec of Object.values(OPERATIONS)) {
    it(`${spec.type}: defaults, types, validators and rows for every parameter`, () => {
      const def = operationNodeDef(spec, { family: 'ptz' });
      assert.strictEqual(def.category, 'EZVIZ');
      assert.strictEqual(def.outputs, 2);
      assert.strictEqual(def.defaults.config.type, CONFIG_TYPE);
      const html = dialogHtml(spec);
      for (const p of spec.params) {
        const start = def.defaults[`${p.name}Type`];
        assert.ok(typeNames(p).includes(String(start.value)), `${p.name}Type default ${start.value}`);
        assert.ok(html.includes(`id="node-input-${p.name}"`) && html.includes(`id="node-input-${p.name}Type"`), p.name);
        // The default value passes its own check.
        assert.strictEqual(checkParam(p, String(start.value), String(def.defaults[p.name].value)), null, p.name);
      }
      for (const [name, prop] of Object.entries(def.defaults)) {
        if (!prop.validate) continue;
        // Node-RED only shows a returned reason from validators declaring (value, opt).
        assert.strictEqual(prop.validate.length, 2, `${name}: validator takes (value, opt)`);
      }
      const secrets = spec.params.filter((p) => p.secret).map((p) => p.name);
      assert.deepStrictEqual(Object.keys(def.credentials || {}), secrets);
    });
  }

  it('validators return a translated reason, or true', () => {
    const def = operationNodeDef(OPERATIONS['ptz-start'], { family: 'ptz' });
    const node = { id: 'n1', directionType: 'str', channelNoType: 'num' };
    assert.strictEqual(def.defaults.channelNo.validate!.call(node, '2', {}), true);
    assert.match(String(def.defaults.channelNo.validate!.call(node, '0', {})), /^validation\.channel /);
    assert.match(String(def.defaults.direction.validate!.call(node, 'sideways', {})), /^validation\.direction /);
    assert.match(String(def.defaults.config.validate!.call(node, '', {})), /^editor\.invalid\.config/);
    assert.match(String(def.defaults.directionType.validate!.call(node, 'jsonata', {})), /^editor\.invalid\.type /);
  });

  it('labels describe a literal setting with its friendly name', () => {
    const spec = OPERATIONS['ptz-start'];
    const extras = { family: 'ptz' as const, labelParams: ['direction' as const] };
    assert.match(
      describeNode(spec, extras, { direction: '3', directionType: 'num' } as never),
      /editor\.labelDetail .*params\.options\.direction\.right/,
    );
    assert.strictEqual(
      describeNode(spec, extras, { direction: 'payload.d', directionType: 'msg' } as never),
      `${spec.type}.label`,
    );
    assert.strictEqual(displayValue('speed', '2'), 'params.options.speed.fast');
  });

  it('select types keep values they do not offer', () => {
    const direction = param('ptz-start', 'direction');
    assert.deepStrictEqual(fitSelect(direction, 'direction', '3'), { value: 'right', type: 'direction' });
    assert.deepStrictEqual(fitSelect(direction, 'direction', 'UP'), { value: 'up', type: 'direction' });
    assert.deepStrictEqual(fitSelect(direction, 'direction', 'sideways'), { value: 'sideways', type: 'str' });
    assert.deepStrictEqual(fitSelect(direction, 'num', '3'), { value: '3', type: 'num' });
    for (const p of allParams) {
      const select = SELECT_TYPES[p.kind];
      if (select)
        assert.ok(typeNames(p)[0] === select.type && typeNames(p).includes('str') && typeNames(p).includes('num'));
      if (p.secret) assert.deepStrictEqual(typeNames(p), ['cred', ...REFERENCE_TYPES]);
      assert.ok(typeNames(p).includes(paramDefault(p).type), p.name);
    }
  });
});

describe('editor: help pages with shared fragments', () => {
  // scripts/help-fragments.js is plain JavaScript run by the build.
  const { expandHelp } = require('../../../../scripts/help-fragments') as {
    expandHelp: (localesDir: string, fragmentsDir: string) => void;
  };
  const built = path.resolve(__dirname, '../../../nodes');

  for (const spec of Object.values(OPERATIONS)) {
    for (const lang of ['en-US', 'zh-CN']) {
      it(`${spec.type} ${lang}: the built page is complete`, () => {
        const page = fs.readFileSync(path.join(built, spec.type, 'locales', lang, `${spec.type}.html`), 'utf8');
        assert.ok(!page.includes('ezviz-help:'), 'no marker left');
        assert.strictEqual((page.match(/<h3>/g) || []).length, 4, 'Inputs, Outputs, Details, References');
        const ports = /<ol class="node-ports">([\s\S]*?)<\/ol>/.exec(page);
        assert.ok(ports, 'outputs as node ports');
        assert.strictEqual((ports[1].match(/<li>/g) || []).length, 2, 'two ports');
        for (const p of spec.params)
          assert.ok(page.includes(`>payload.${p.name} <span class="property-type">`), `${p.name} listed`);
        assert.ok(page.includes('https://open.ys7.com/help/en/'), 'reference to the EZVIZ docs');
      });
    }
  }

  it('expands markers in place and refuses an unknown fragment', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ezviz-help-'));
    try {
      fs.mkdirSync(path.join(dir, 'locales', 'en-US'), { recursive: true });
      fs.mkdirSync(path.join(dir, 'help'));
      fs.writeFileSync(
        path.join(dir, 'help', 'en-US.html'),
        '<!-- head -->\n<!-- fragment: a -->\nA\n<!-- fragment: b -->\nB\n',
      );
      const page = path.join(dir, 'locales', 'en-US', 'x.html');
      fs.writeFileSync(page, 'start\n    <!-- ezviz-help: a b -->\nend\n');
      expandHelp(path.join(dir, 'locales'), path.join(dir, 'help'));
      assert.strictEqual(fs.readFileSync(page, 'utf8'), 'start\nA\nB\nend\n');
      fs.writeFileSync(page, '<!-- ezviz-help: a c -->\n');
      assert.throws(() => expandHelp(path.join(dir, 'locales'), path.join(dir, 'help')), /unknown help fragment "c"/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the camera panel's dialog: a stream node of another camera", () => {
  const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

  it("names the stream node's camera when its serial or channel is not the panel's; nothing when they agree or one is not set", () => {
    assert.strictEqual(otherStreamCamera({ deviceSerial: 'C00000001', channelNo: 1 }, 'C00000001', '1'), undefined);
    assert.strictEqual(
      otherStreamCamera({ deviceSerial: 'C00000001' }, ' C00000001 ', ''),
      undefined,
      'channel 1 by default',
    );
    assert.strictEqual(otherStreamCamera({ deviceSerial: 'C00000002', channelNo: 1 }, 'C00000001', 1), 'C00000002/1');
    assert.strictEqual(otherStreamCamera({ deviceSerial: 'C00000001', channelNo: '2' }, 'C00000001', 1), 'C00000001/2');
    assert.strictEqual(otherStreamCamera(undefined, 'C00000001', 1), undefined, 'no stream node chosen');
    assert.strictEqual(otherStreamCamera(null, 'C00000001', 1), undefined, 'a stream node no longer in the flows');
    assert.strictEqual(
      otherStreamCamera({ deviceSerial: 'C00000001' }, '', 1),
      undefined,
      'the panel has no camera yet',
    );
  });

  it('the dialog says so under the choice, through the shared editor code, in en-US and zh-CN', () => {
    const html = fs.readFileSync(path.join(ROOT, 'dashboard', 'nodes', 'ui-ezviz-camera.html'), 'utf8');
    assert.ok(html.includes('id="ezc-stream-other"'), 'a tip under the choice');
    assert.ok(
      html.includes('shared.otherStreamCamera(RED.nodes.node(source.val())'),
      'the chosen node against the fields',
    );
    assert.ok(html.includes("say('ui-ezviz-camera.stream.other'"), 'from the node catalog (this._)');
    for (const lang of ['en-US', 'zh-CN']) {
      const file = path.join(ROOT, 'dashboard', 'nodes', 'locales', lang, 'ui-ezviz-camera.json');
      const text = JSON.parse(fs.readFileSync(file, 'utf8'))['ui-ezviz-camera'].stream.other as string;
      assert.ok(text.includes('__stream__') && text.includes('__camera__'), `${lang}: both cameras named`);
    }
  });
});
