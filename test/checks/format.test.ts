// Prettier's check over the repository (.prettierrc.json, .prettierignore): `npm run format`
// writes what this asks for. The .ts files are read by Prettier's `babel-ts` parser (.prettierrc.json's
// first override), not its default `typescript` one: the printer and options are the same, and on
// 2026-11-29 both parsers printed every .ts file of the tree exactly as committed (each check passed;
// a planted misformatted line failed), while babel-ts read them for less CPU (the whole check at load
// 10-14: 25.2 and 28.8 CPU-s before, 22.7 and 22.7 after; the .ts files alone at load 18: 24.2 -> 18.6).
// Prettier's `oxc` parser was faster still but printed one file otherwise: not used.

import { scriptCheck } from '../support/npm-script';

describe('checks: formatting', function () {
  scriptCheck('format:check', 'every file is formatted as Prettier writes it');
});
