// ESLint (flat config): typescript-eslint for the TypeScript of the runtime, editor, simulator and
// tests; eslint-plugin-vue for the dashboard widget; the recommended rules, with the few this
// code base decides otherwise said here. Formatting is Prettier's (.prettierrc.json), not ESLint's.
// `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import globals from 'globals';

/** The dashboard widget's files (dashboard/ui/): its Vue components and their scripts. */
const VUE_FILES = ['dashboard/ui/**/*.js', 'dashboard/ui/**/*.vue'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dashboard/dist/',
      'resources/',
      'dashboard/resources/',
      '.compat/',
      '.node-red-demo/',
      'test-artifacts/',
      'examples/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // eslint-plugin-vue's recommended set on the widget's files only (its .vue components and the .js
  // beside them): Vue's rules look for components, which no other file of the repository defines
  // (every other file's configuration is the same but for the vue/ rules; without a cache, at load
  // 25 side by side: 35.5 -> 33.8 CPU-seconds).
  ...vue.configs['flat/recommended'].map((c) => ({ files: VUE_FILES, ...c })),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused arguments keep a handler's signature (Node-RED's (msg, send, done)); `_` marks them.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Rejecting control characters is the point of those patterns (a region's URL, a live address,
      // a voice file name, catalog placeholders \x01/\x02): the rule would forbid the check itself.
      'no-control-regex': 'off',
      // `const node = this` is Node-RED's own idiom in a node's constructor (the editor's too).
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['node'] }],
      // tsconfig's ES2020 lib has no `new Error(text, { cause })`; the error's text says why.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Node-RED loads CommonJS: `export =` and require() of optional or runtime-chosen modules.
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-namespace': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // A page's waitForFunction tries on every animation frame unless told otherwise, keeping the
      // page drawing while it waits (about 0.15 CPU-seconds a second): waitUntil tries every 50 ms.
      'no-restricted-properties': [
        'error',
        { property: 'waitForFunction', message: 'use waitUntil (test/support/browser-env.ts): it polls by interval' },
      ],
    },
  },
  {
    files: ['editor/**/*.ts', 'nodes/*/editor.ts', 'nodes/*/editor-*.ts', 'dashboard/editor/**/*.js'],
    languageOptions: { globals: { ...globals.browser, RED: 'readonly', $: 'readonly', jQuery: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    // `const { performance } = require('perf_hooks')`, `require('crypto')`: the scripts name what
    // they use from Node.js, though newer Node.js has them as globals too.
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-redeclare': ['error', { builtinGlobals: false }] },
  },
  {
    files: ['**/*.mjs', 'dashboard/ui/**/*.js'],
    languageOptions: { sourceType: 'module' },
  },
  {
    files: VUE_FILES,
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Dashboard 2's widget API: props `id`, `props`, `state` as the dashboard passes them.
      'vue/require-default-prop': 'off',
      'vue/multi-word-component-names': 'off',
      // Layout is Prettier's.
      'vue/html-indent': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/multiline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
      'vue/html-closing-bracket-newline': 'off',
    },
  },
);
