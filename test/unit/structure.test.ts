// The runtime's size limits (docs/architecture.md): no runtime file over 200 lines, no
// function over 60; and no `as never` (a value forced into any type hides what a node's values
// really are: one typed context per message, docs/architecture.md). The runtime is nodes/**/*.ts and dashboard/nodes/**/*.ts without the editor code (editor/
// and nodes/*/editor.ts with its editor-*.ts, which run in the browser). Functions are measured with the TypeScript
// compiler's parser: function declarations, methods (and constructors, accessors), arrow
// functions and function expressions, each by the lines of its body, from the line of its first
// token to the line of its last (a nested function counts in its parent's lines too).

import assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');
export const MAX_FILE_LINES = 200;
export const MAX_FUNCTION_LINES = 60;

export interface Offender {
  file: string;
  name: string;
  lines: number;
}

/** The runtime's source files, relative to the repository, sorted. */
function runtimeFiles(dir = path.join(ROOT, 'nodes')): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const rel = path.relative(ROOT, full).split(path.sep).join('/');
    if (entry.isDirectory()) {
      if (rel !== 'editor') out.push(...runtimeFiles(full));
    } else if (entry.name.endsWith('.ts') && !/^editor(-[\w-]+)?\.ts$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out.sort();
}

/** Lines of a file's text (a final newline ends the last line, it does not start another). */
export function fileLines(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** A readable name for a function node: its own name or the name it is assigned to. */
function functionName(node: ts.FunctionLikeDeclaration, sf: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (node.name && !ts.isComputedPropertyName(node.name)) return node.name.getText(sf);
  const parent = node.parent;
  if (
    parent &&
    (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) &&
    !ts.isComputedPropertyName(parent.name)
  ) {
    return parent.name.getText(sf);
  }
  if (parent && ts.isExportAssignment(parent)) return 'export = (the module function)';
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
  return `<anonymous at line ${line + 1}>`;
}

/** A source text parsed once: the function measure and the cast check read the same tree (parsing
 * every runtime file twice was about a third of this file's CPU). */
const parsed = new Map<string, ts.SourceFile>();
function sourceFile(fileName: string, text: string): ts.SourceFile {
  const key = `${fileName}\0${text}`;
  let sf = parsed.get(key);
  if (!sf) parsed.set(key, (sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)));
  return sf;
}

/** Every function of a source text with its body's lines. */
export function functionLines(fileName: string, text: string): Array<{ name: string; lines: number }> {
  const sf = sourceFile(fileName, text);
  const out: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isFunctionDeclaration(node) ||
        ts.isMethodDeclaration(node) ||
        ts.isConstructorDeclaration(node) ||
        ts.isGetAccessorDeclaration(node) ||
        ts.isSetAccessorDeclaration(node) ||
        ts.isArrowFunction(node) ||
        ts.isFunctionExpression(node)) &&
      node.body
    ) {
      const first = sf.getLineAndCharacterOfPosition(node.body.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.body.getEnd()).line;
      out.push({ name: functionName(node, sf), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The files and functions over the limits, for the given files (relative paths) and texts. */
export function offenders(files: Array<{ file: string; text: string }>): { files: Offender[]; functions: Offender[] } {
  const overFiles: Offender[] = [];
  const overFunctions: Offender[] = [];
  for (const { file, text } of files) {
    const lines = fileLines(text);
    if (lines > MAX_FILE_LINES) overFiles.push({ file, name: file, lines });
    for (const fn of functionLines(file, text)) {
      if (fn.lines > MAX_FUNCTION_LINES) overFunctions.push({ file, name: fn.name, lines: fn.lines });
    }
  }
  return { files: overFiles, functions: overFunctions };
}

/** The places of a source text that cast `as never` (`<never>` too), as "line N". */
export function neverCasts(fileName: string, text: string): string[] {
  const sf = sourceFile(fileName, text);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) &&
      node.type.kind === ts.SyntaxKind.NeverKeyword
    ) {
      out.push(`line ${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const describeOffenders = (list: Offender[]): string =>
  list
    .map((o) => (o.name === o.file ? `${o.file} (${o.lines} lines)` : `${o.file}: ${o.name} (${o.lines} lines)`))
    .join(', ');

describe('structure: runtime size limits', function () {
  // Parsing every runtime file takes 2-3 s on a loaded 2-core machine (the default 2 s timed out).
  this.timeout(20000);
  // The dashboard package's runtime (dashboard/nodes) is held to the same limits.
  const files = [
    ...['nodes', 'client', 'runtime', 'features'].flatMap((d) => runtimeFiles(path.join(ROOT, d))),
    ...runtimeFiles(path.join(ROOT, 'dashboard', 'nodes')),
  ].map((file) => ({
    file,
    text: fs.readFileSync(path.join(ROOT, file), 'utf8'),
  }));

  it('finds the runtime files (and none of the editor code)', () => {
    const names = files.map((f) => f.file);
    assert.ok(names.includes('client/service/service.ts'));
    assert.ok(names.includes('nodes/ezviz-config/ezviz-config.ts'));
    assert.ok(names.length > 30, `only ${names.length} files`);
    assert.ok(!names.some((n) => n.startsWith('editor/') || /\/editor(-[\w-]+)?\.ts$/.test(n)));
  });

  it(`no runtime file is over ${MAX_FILE_LINES} lines`, () => {
    const over = offenders(files).files;
    assert.deepStrictEqual(over, [], `files over ${MAX_FILE_LINES} lines: ${describeOffenders(over)}`);
  });

  it(`no runtime function is over ${MAX_FUNCTION_LINES} lines`, () => {
    const over = offenders(files).functions;
    assert.deepStrictEqual(over, [], `functions over ${MAX_FUNCTION_LINES} lines: ${describeOffenders(over)}`);
  });

  it('the measure finds long files and every kind of long function, by name', () => {
    const body = (n: number): string => Array.from({ length: n - 2 }, (_, i) => `  x${i}();`).join('\n');
    const text = [
      `function declared() {\n${body(61)}\n}`,
      `class K {\n  method() {\n${body(61)}\n  }\n  short() { return 1; }\n}`,
      `const arrow = () => {\n${body(61)}\n};`,
      `const expr = function () {\n${body(61)}\n};`,
      `const fine = () => {\n${body(60)}\n};`,
    ].join('\n');
    const found = offenders([{ file: 'nodes/x.ts', text }]);
    assert.deepStrictEqual(
      found.functions.map((o) => [o.name, o.lines]),
      [
        ['declared', 61],
        ['method', 61],
        ['arrow', 61],
        ['expr', 61],
      ],
    );
    assert.deepStrictEqual(
      found.files.map((o) => o.file),
      ['nodes/x.ts'],
    );
    assert.strictEqual(fileLines('a\nb\n'), 2);
    assert.deepStrictEqual(offenders([{ file: 'nodes/y.ts', text: 'const a = 1;\n'.repeat(200) }]).files, []);
  });

  it('no runtime file casts `as never`', () => {
    const found = files.flatMap((f) => neverCasts(f.file, f.text).map((at) => `${f.file} ${at}`));
    assert.deepStrictEqual(found, [], `casts to never: ${found.join(', ')}`);
  });

  it('the cast check finds `as never` and `<never>` in code, not in comments or strings', () => {
    const text =
      "// x as never\nconst a = f(b as never);\nconst s = 'as never';\nconst c = <never>d;\nconst e = g as unknown;\n";
    assert.deepStrictEqual(neverCasts('nodes/x.ts', text), ['line 2', 'line 4']);
  });
});

/** The camera panel package's own code (dashboard/: the widget's components and scripts, its runtime,
 * its dialog and help, its build), relative paths, sorted; built output and dependencies left out. */
function panelFiles(dir = path.join(ROOT, 'dashboard')): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'resources'].includes(entry.name)) out.push(...panelFiles(full));
    } else if (/\.(vue|js|mjs|ts|html)$/.test(entry.name)) {
      out.push(path.relative(ROOT, full).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

/** A single-file component's script, its lines where they are in the file (the template's lines blank). */
export function vueScript(text: string): string {
  const lines = text.split('\n');
  let inScript = false;
  return lines
    .map((line) => {
      if (/^<script\b/.test(line)) inScript = true;
      else if (/^<\/script>/.test(line)) inScript = false;
      else if (inScript) return line;
      return '';
    })
    .join('\n');
}

describe('structure: the camera panel in parts', function () {
  this.timeout(20000);
  const files = panelFiles().map((file) => {
    const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
    return { file, text };
  });

  it('finds the widget, its components and its runtime', () => {
    const names = files.map((f) => f.file);
    for (const f of [
      'dashboard/ui/components/UIEzvizCamera.vue',
      'dashboard/ui/components/Timeline.vue',
      'dashboard/ui/flv.js',
      'dashboard/nodes/ui-ezviz-camera.ts',
      'dashboard/nodes/ui-ezviz-camera.html',
    ])
      assert.ok(names.includes(f), f);
    assert.ok(!names.some((n) => n.includes('/node_modules/') || n.startsWith('dashboard/resources/')));
  });

  it(`no file of the panel is over ${MAX_FILE_LINES} lines`, () => {
    const over = offenders(files).files;
    assert.deepStrictEqual(over, [], `files over ${MAX_FILE_LINES} lines: ${describeOffenders(over)}`);
  });

  it(`no function of the widget is over ${MAX_FUNCTION_LINES} lines`, () => {
    const scripts = files
      .filter((f) => f.file.startsWith('dashboard/ui/'))
      .map((f) => ({ file: f.file, text: f.file.endsWith('.vue') ? vueScript(f.text) : f.text }));
    const over = offenders(scripts).functions;
    assert.deepStrictEqual(over, [], `functions over ${MAX_FUNCTION_LINES} lines: ${describeOffenders(over)}`);
  });

  it('a component is measured whole, its script alone for functions', () => {
    const text = `<template>\n  <div/>\n</template>\n\n<script>\nexport default { name: 'X' }\n</script>\n`;
    assert.strictEqual(vueScript(text), `\n\n\n\n\nexport default { name: 'X' }\n\n`);
    assert.deepStrictEqual(offenders([{ file: 'made-up.vue', text: '<i/>\n'.repeat(201) }]).files.length, 1);
  });
});
