// Runs one of package.json's scripts (`npm run -s <name>`) from a test: the repository's checks
// (test/checks/) run as test files, so that mocha's order places them beside files that mostly wait.

import { spawn } from 'child_process';
import { ROOT } from './browser-env';

export interface ScriptRun {
  code: number;
  /** stdout and stderr as they came. */
  output: string;
  seconds: number;
}

/** Runs `npm run -s <name>` in the repository; resolves when it ends, whatever its exit code. */
export function runNpmScript(name: string): Promise<ScriptRun> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', name], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** A mocha test that passes when `npm run -s <name>` exits 0; its output is the failure's message. */
export function scriptCheck(name: string, what: string): void {
  it(`${what} (npm run ${name})`, async function () {
    this.timeout(600000);
    const r = await runNpmScript(name);
    if (r.code !== 0) throw new Error(`npm run ${name} exited ${r.code} after ${r.seconds.toFixed(1)} s:\n${r.output}`);
  });
}
