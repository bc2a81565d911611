// Runs one of package.json's scripts from a test: the repository's checks (test/checks/) run as
// test files, so that mocha's order places them beside files that mostly wait. The script's command
// line runs as `npm run` runs it (`sh -c`, node_modules/.bin first on PATH, in the root), without
// npm's own start (0.3-0.5 CPU-s a call, measured 2026-11-29 with `npm run -s typecheck` against
// `sh -c` of its line: 11.5 / 10.8 against 10.3 / 10.9 CPU-s at load 10-11, and `npm --version`
// alone 0.3 CPU-s); on Windows, where there is no sh, through npm.

import { spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { ROOT } from './browser-env';

export interface ScriptRun {
  code: number;
  /** stdout and stderr as they came. */
  output: string;
  seconds: number;
}

/** The command and arguments that run package.json's script `name` as `npm run -s` does. */
function scriptCommand(name: string): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  if (process.platform === 'win32') return { command: 'npm', args: ['run', '-s', name], env: process.env };
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const line = pkg.scripts?.[name];
  if (!line) throw new Error(`package.json has no script ${name}`);
  const bin = path.join(ROOT, 'node_modules', '.bin');
  const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
  return { command: 'sh', args: ['-c', line], env };
}

/** Runs package.json's script `name` in the repository (as `npm run -s <name>` would); resolves when
 * it ends, whatever its exit code. */
export function runNpmScript(name: string): Promise<ScriptRun> {
  const start = Date.now();
  const { command, args, env } = scriptCommand(name);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => out.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(out).toString(),
        seconds: (Date.now() - start) / 1000,
      }),
    );
  });
}

/** A mocha test that passes when package.json's script `name` exits 0; its output is the failure's message. */
export function scriptCheck(name: string, what: string): void {
  it(`${what} (npm run ${name})`, async function () {
    this.timeout(600000);
    const r = await runNpmScript(name);
    if (r.code !== 0) throw new Error(`npm run ${name} exited ${r.code} after ${r.seconds.toFixed(1)} s:\n${r.output}`);
  });
}
