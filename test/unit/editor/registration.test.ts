// The flow library's view of the built package. node-red-dev's checknodes reads every
// <script type="text/javascript"> of dist/nodes/<type>/<type>.html with acorn and only understands
// a call `X.registerType('<type>', { ... })`: literal category, color, icon, inputs and outputs,
// inline defaults and credentials, no spread. This test reads the built HTML the same way and
// checks those literals against the generated definition (OPERATION_ROWS, FAMILIES, CATEGORY) and the
// runtime's registration, so that what the build writes (scripts/operation-editor.js) cannot drift
// from the tables.

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import { CONFIG_TYPE, type OperationSpec } from '../../../client/operations/operations';
import { OPERATION_ROWS } from '../../../editor/operation-rows';
import { DEFAULTS } from '../../../client/config/settings';
import {
  CATEGORY,
  FAMILIES,
  operationIcon,
  operationNodeDef,
  type OperationExtras,
  type OperationNodeDef,
} from '../../../editor/operation-node';

const BUILT = path.resolve(__dirname, '../../../nodes');
/** The properties checknodes takes only as literals. */
const LITERALS = ['category', 'color', 'icon', 'inputs', 'outputs'] as const;
/** The properties checknodes takes only as inline objects (it reads their keys). */
const INLINE = ['defaults', 'credentials'] as const;

/** The script blocks checknodes reads (its own regular expression). */
function scripts(html: string): string[] {
  const re = /<script.+?type=['"]text\/javascript['"].*?>([\S\s]*?)<\/script>/gi;
  return [...html.matchAll(re)].map((m) => m[1]);
}

/** Every call of a member named registerType, as checknodes finds them. */
function registrations(program: acorn.Program): acorn.CallExpression[] {
  const calls: acorn.CallExpression[] = [];
  walk.simple(program, {
    CallExpression(node) {
      const callee = node.callee;
      if (
        callee.type === 'MemberExpression' &&
        callee.property.type === 'Identifier' &&
        callee.property.name === 'registerType'
      )
        calls.push(node);
    },
  });
  return calls;
}

/** The name of a plain `key: value` property; fails on a spread, a computed or a quoted key. */
function keyOf(prop: acorn.Property | acorn.SpreadElement, where: string): string {
  assert.strictEqual(prop.type, 'Property', `${where}: a spread has no key (checknodes throws)`);
  const p = prop as acorn.Property;
  assert.ok(!p.computed && p.key.type === 'Identifier', `${where}: key must be a plain name`);
  return (p.key as acorn.Identifier).name;
}

function properties(obj: acorn.ObjectExpression, where: string): Map<string, acorn.Expression> {
  const map = new Map<string, acorn.Expression>();
  for (const prop of obj.properties) {
    const key = keyOf(prop, where);
    assert.ok(!map.has(key), `${where}: ${key} twice`);
    map.set(key, (prop as acorn.Property).value as acorn.Expression);
  }
  return map;
}

interface Registration {
  type: string;
  /** category, color, icon, inputs, outputs where present. */
  literals: Record<string, unknown>;
  /** Keys of the inline defaults and credentials ([] when absent). */
  defaults: string[];
  credentials: string[];
  /** Every top-level property with its value expression. */
  props: Map<string, acorn.Expression>;
  program: acorn.Program;
}

/** The one registration of a built node HTML, read as checknodes reads it. */
function readRegistration(type: string): Registration {
  const html = fs.readFileSync(path.join(BUILT, type, `${type}.html`), 'utf8');
  const blocks = scripts(html);
  assert.ok(blocks.length > 0, `${type}: no <script type="text/javascript">`);
  const found = blocks.flatMap((code) => {
    const program = acorn.parse(code, { ecmaVersion: 'latest' });
    return registrations(program).map((call) => ({ call, program }));
  });
  assert.strictEqual(found.length, 1, `${type}: one registerType call (found ${found.length})`);
  const { call, program } = found[0];
  const [typeArg, defArg] = call.arguments;
  assert.ok(typeArg.type === 'Literal', `${type}: the type is a string literal`);
  assert.strictEqual(typeArg.value, type);
  assert.ok(defArg.type === 'ObjectExpression', `${type}: the definition is an object literal`);
  const props = properties(defArg, type);
  const literals: Record<string, unknown> = {};
  for (const name of LITERALS) {
    const value = props.get(name);
    if (!value) continue;
    assert.ok(value.type === 'Literal', `${type}: ${name} is a literal`);
    literals[name] = value.value;
  }
  const keys: Record<(typeof INLINE)[number], string[]> = { defaults: [], credentials: [] };
  for (const name of INLINE) {
    const value = props.get(name);
    if (!value) continue;
    assert.ok(value.type === 'ObjectExpression', `${type}: ${name} is an inline object`);
    keys[name] = [...properties(value, `${type} ${name}`).keys()];
  }
  return { type, literals, ...keys, props, program };
}

/** The extras of the node's editor.ts, handed to setUpOperationNode: the one object with a `family`. */
function extrasOf(r: Registration): OperationExtras {
  const found: OperationExtras[] = [];
  walk.simple(r.program, {
    ObjectExpression(node) {
      const family = node.properties.find(
        (p): p is acorn.Property => p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'family',
      );
      if (!family) return;
      assert.ok(family.value.type === 'Literal', `${r.type}: family is a literal`);
      const labels = node.properties.find(
        (p): p is acorn.Property =>
          p.type === 'Property' && p.key.type === 'Identifier' && p.key.name === 'labelParams',
      );
      const labelParams =
        labels && labels.value.type === 'ArrayExpression'
          ? labels.value.elements.map((e) => (e && e.type === 'Literal' ? e.value : null))
          : [];
      found.push({ family: family.value.value, labelParams } as OperationExtras);
    },
  });
  assert.strictEqual(found.length, 1, `${r.type}: one setUpOperationNode extras object`);
  assert.ok(found[0].family in FAMILIES, `${r.type}: family ${found[0].family} is in FAMILIES`);
  return found[0];
}

/** The runtime's registration (dist/nodes/<type>/<type>.js) under a recording RED. */
function runtimeCredentials(type: string): string[] {
  let options: { credentials?: Record<string, unknown> } | undefined;
  const RED = {
    _: (key: string) => key,
    nodes: {
      registerType: (t: string, _ctor: unknown, opts?: typeof options) => {
        assert.strictEqual(t, type);
        options = opts;
      },
    },
  };
  (require(path.join(BUILT, type, `${type}.js`)) as (red: unknown) => void)(RED);
  return Object.keys(options?.credentials || {});
}

/** The member named in a value such as `d.label` or `v.deviceSerial` (esbuild may rename d, v). */
function memberName(value: acorn.Expression): string | undefined {
  return value.type === 'MemberExpression' && !value.computed && value.property.type === 'Identifier'
    ? value.property.name
    : undefined;
}

describe('editor registration as the flow library reads it (built HTML)', () => {
  it('every node but the config, alarm and stream nodes is an operation row', () => {
    const sources = [CONFIG_TYPE, 'ezviz-alarm', 'ezviz-stream'];
    const types = fs.readdirSync(BUILT).filter((n) => !sources.includes(n));
    assert.deepStrictEqual(Object.keys(OPERATION_ROWS).sort(), types.sort());
  });

  it('every node (the config, alarm and stream nodes too) registers with a literal type and an object literal', () => {
    for (const type of fs.readdirSync(BUILT)) {
      const r = readRegistration(type);
      assert.strictEqual(r.type, type);
      assert.ok('category' in r.literals, `${type}: its category as a literal`);
    }
  });

  for (const spec of Object.values(OPERATION_ROWS) as OperationSpec[]) {
    describe(spec.type, () => {
      let r: Registration;
      let def: OperationNodeDef;
      before(() => {
        r = readRegistration(spec.type);
        def = operationNodeDef(spec, extrasOf(r));
      });

      it('category, color, icon, inputs and outputs are the generated ones, as literals', () => {
        assert.strictEqual(def.category, CATEGORY);
        const family = FAMILIES[extrasOf(r).family];
        assert.deepStrictEqual(r.literals, {
          category: def.category,
          color: family.color,
          icon: operationIcon(spec),
          inputs: def.inputs,
          outputs: def.outputs,
        });
        // one icon per operation, shipped in icons/
        assert.deepStrictEqual([def.color, def.icon], [family.color, `ezviz-${spec.operation}.svg`]);
        assert.ok(fs.existsSync(path.resolve(__dirname, '../../../../icons', String(def.icon))), `icons/${def.icon}`);
      });

      it('inline defaults: one key per generated property, each taking its own generated value', () => {
        assert.deepStrictEqual(r.defaults, Object.keys(def.defaults));
        const inline = r.props.get('defaults') as acorn.ObjectExpression;
        for (const prop of inline.properties as acorn.Property[]) {
          const key = (prop.key as acorn.Identifier).name;
          assert.strictEqual(
            memberName(prop.value as acorn.Expression),
            key,
            `defaults.${key} takes the generated ${key}`,
          );
        }
      });

      it('inline credentials: the secret parameters, as the runtime registers them', () => {
        const secrets = spec.params.filter((p) => p.secret).map((p) => p.name);
        assert.deepStrictEqual(Object.keys(def.credentials), secrets);
        assert.deepStrictEqual(r.credentials, secrets);
        assert.deepStrictEqual(runtimeCredentials(spec.type), secrets);
        assert.strictEqual(
          r.props.has('credentials'),
          secrets.length > 0,
          'credentials only where the node has secrets',
        );
      });

      it('every other property of the generated definition is passed on under its own name', () => {
        const generated = Object.keys(def).filter(
          (k) => !(LITERALS as readonly string[]).includes(k) && !(INLINE as readonly string[]).includes(k),
        );
        const rest = [...r.props.keys()].filter(
          (k) => !(LITERALS as readonly string[]).includes(k) && !(INLINE as readonly string[]).includes(k),
        );
        assert.deepStrictEqual(rest.slice().sort(), generated.slice().sort());
        for (const k of rest) assert.strictEqual(memberName(r.props.get(k)!), k, `${k} takes the generated ${k}`);
      });
    });
  }

  describe(CONFIG_TYPE, () => {
    it('a config node: category literal, settings and credentials inline, no palette look or ports', () => {
      const r = readRegistration(CONFIG_TYPE);
      assert.deepStrictEqual(r.literals, { category: 'config' });
      assert.deepStrictEqual(r.defaults, ['name', ...Object.keys(DEFAULTS), 'faceNames', 'pictureHosts']);
      assert.deepStrictEqual(r.credentials, runtimeCredentials(CONFIG_TYPE));
      assert.deepStrictEqual(r.credentials, ['accessToken', 'appKey', 'appSecret', 'verificationCodes']);
    });
  });

  it('the checks fail on what checknodes cannot read', () => {
    const parse = (code: string) => {
      const program = acorn.parse(code, { ecmaVersion: 'latest' });
      const [call] = registrations(program);
      return properties(call.arguments[1] as acorn.ObjectExpression, 'sample');
    };
    assert.deepStrictEqual(
      [...parse("RED.nodes.registerType('a', { color: '#fff', label: d.label })").keys()],
      ['color', 'label'],
    );
    assert.throws(() => parse("RED.nodes.registerType('a', { ...d, color: '#fff' })"), /spread/);
    assert.throws(() => parse("RED.nodes.registerType('a', { ['color']: '#fff' })"), /plain name/);
    assert.strictEqual(
      registrations(acorn.parse('registerType(a, b)', { ecmaVersion: 'latest' })).length,
      0,
      'a bare registerType(...) wrapper is invisible to checknodes',
    );
  });
});
