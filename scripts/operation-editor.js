'use strict';
// An operation node's editor script. Its nodes/<type>/editor.ts says only what is its own (the
// family that colours it, the parameters that label it: `extras`); its row is in client/operations
// (editor/operation-rows.ts finds it by type) and editor/operation-node.ts makes the definition.
// What is left is written here: the registration, as a literal. node-red-dev's checknodes (the
// flow library) reads each node's HTML with acorn and only understands a call
// `RED.nodes.registerType('<type>', { ... })` with a string type and an object literal stating
// `category`, `color`, `icon`, `inputs` and `outputs` as literals and `defaults` and `credentials`
// as inline objects; so the build computes the definition from the same row and extras and
// writes those facts out, every other property taken from the definition the browser makes
// (test/unit/editor/registration.test.ts reads the built HTML as checknodes does).
const path = require('path');

/** The definition's properties that checknodes takes only as literals. */
const LITERALS = ['category', 'color', 'icon', 'inputs', 'outputs'];

/** What a node's editor.ts exports, read by bundling it for Node (it holds data and types only). */
function ownExtras(esbuild, file) {
  const code = esbuild.buildSync({ entryPoints: [file], bundle: true, format: 'cjs', platform: 'node', write: false })
    .outputFiles[0].text;
  const mod = { exports: {} };
  new Function('module', 'exports', code)(mod, mod.exports);
  if (!mod.exports.extras) throw new Error(`${file}: an operation node's editor.ts exports its extras`);
  return mod.exports.extras;
}

/**
 * The editor script of node `type` (its source folder `src`) as esbuild's stdin, or null for a
 * node that is not an operation node (its editor.ts is its whole script). `dist` holds the
 * emitted editor/ code, which runs under Node (the unit tests load it too).
 */
function operationEditor(esbuild, dist, src, type) {
  const { OPERATION_ROWS } = require(path.join(dist, 'editor', 'operation-rows.js'));
  const spec = OPERATION_ROWS[type];
  if (!spec) return null;
  const { operationNodeDef } = require(path.join(dist, 'editor', 'operation-node.js'));
  const def = operationNodeDef(spec, ownExtras(esbuild, path.join(src, 'editor.ts')));
  const props = [
    ...LITERALS.map((k) => `  ${k}: ${JSON.stringify(def[k])},`),
    `  defaults: {\n${Object.keys(def.defaults)
      .map((k) => `    ${k}: v.${k},\n`)
      .join('')}  },`,
  ];
  const secrets = Object.keys(def.credentials);
  if (secrets.length) props.push(`  credentials: { ${secrets.map((k) => `${k}: d.credentials.${k}`).join(', ')} },`);
  const rest = Object.keys(def).filter((k) => !LITERALS.includes(k) && k !== 'defaults' && k !== 'credentials');
  props.push(...rest.map((k) => `  ${k}: d.${k},`));
  const contents = [
    "import { extras } from './editor';",
    'const { OPERATION_ROWS, setUpOperationNode } = EzvizOpenEditor;',
    `const d = setUpOperationNode(OPERATION_ROWS[${JSON.stringify(type)}], extras);`,
    'const v = d.defaults;',
    `RED.nodes.registerType(${JSON.stringify(type)}, {`,
    ...props,
    '});',
  ].join('\n');
  return { contents, resolveDir: src, sourcefile: 'registration.js', loader: 'js' };
}

module.exports = { operationEditor };
