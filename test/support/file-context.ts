// A file-backed context store for a test of what a restart keeps: Node-RED's context in the
// localfilesystem store (no cache) in a fresh directory, for the length of one test.

import fs from 'fs';
import os from 'os';
import path from 'path';
import { helper, unload } from './red';

export interface FileContext {
  /** The directory the store writes to. */
  dir: string;
  /** Loads the context store (after a flow is loaded: the runtime's context reads the disk). */
  load(): Promise<void>;
  /** Every file below the directory. */
  files(): string[];
}

function context(): { load(): Promise<void>; close(): Promise<void> } {
  return (helper as unknown as { _context: { load(): Promise<void>; close(): Promise<void> } })._context;
}

function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesBelow(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/** Runs `body` with the file-backed store in a fresh directory named from `prefix`; then, whatever
 * happened, unloads the flow, closes the store, puts the memory store back, loads a plain flow for
 * afterEach (`reload`) and removes the directory. */
export async function withFileContext(
  prefix: string,
  body: (store: FileContext) => Promise<void>,
  reload: () => Promise<void>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    helper.settings({
      contextStorage: { default: { module: 'localfilesystem', config: { dir, cache: false } } } as never,
    });
    await body({ dir, load: () => context().load(), files: () => filesBelow(dir) });
  } finally {
    await unload();
    await context().close();
    helper.settings({ contextStorage: undefined });
    await reload();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
