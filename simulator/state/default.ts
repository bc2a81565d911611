// The bundled default state (simulator/default-state.json, which stays where package.json's
// "files" lists it) and reading a state file.

import * as fs from 'fs';
import * as path from 'path';
import type { StateInput } from './types';
import { isObj } from './read';

function defaultStatePath(): string {
  const candidates = [
    path.join(__dirname, '..', 'default-state.json'), // running from the sources (ts-node and the like)
    path.join(__dirname, '..', '..', '..', 'simulator', 'default-state.json'), // from dist/simulator/state
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`simulator: default-state.json not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** The bundled default state (simulator/default-state.json), a fresh copy on every call. */
export function loadDefaultState(): StateInput {
  return readStateFile(defaultStatePath());
}

/** Reads a state file (JSON). */
export function readStateFile(file: string): StateInput {
  const text = fs.readFileSync(file, 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new Error(`simulator: ${file} is not valid JSON: ${(e as Error).message}`);
  }
  if (!isObj(parsed)) throw new Error(`simulator: ${file} must hold a JSON object`);
  return parsed;
}
