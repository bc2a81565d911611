// Is a status text a key of the catalogs (docs/behaviour.md section 9)? Every status a node shows
// is a full key of the shared catalog (`node-red-contrib-ezviz-open/ezviz-config:status....`) that
// both catalogs (en-US, zh-CN) hold as a string, or such a key with arguments
// (`$t(<key>, {...})`, i18n/status-keys.ts) whose arguments fill every placeholder of both texts.

import * as fs from 'fs';
import * as path from 'path';
import { parseStatusWithArgs, STATUS_NS } from '../../runtime/i18n/status-keys';

const ROOT = path.resolve(__dirname, '..', '..', '..');
export const LANGS = ['en-US', 'zh-CN'] as const;

/** The shared catalog of `lang` (the config node's). */
export function sharedCatalog(lang: string): Record<string, unknown> {
  return JSON.parse(
    fs.readFileSync(path.join(ROOT, 'nodes', 'ezviz-config', 'locales', lang, 'ezviz-config.json'), 'utf8'),
  );
}

/** The string at a dotted path of a catalog, or undefined. */
export function lookup(catalog: Record<string, unknown>, dotted: string): string | undefined {
  let v: unknown = catalog;
  for (const part of dotted.split('.'))
    v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return typeof v === 'string' ? v : undefined;
}

/** Why `text` is not a status text of the catalogs, or undefined when it is one. */
export function statusTextProblem(text: string, catalogs: Record<string, Record<string, unknown>>): string | undefined {
  const withArgs = parseStatusWithArgs(text);
  const full = withArgs ? withArgs.key : text;
  if (!full.startsWith(`${STATUS_NS}:status.`)) return `"${text}" is not a key of the shared catalog's status section`;
  const key = full.slice(STATUS_NS.length + 1);
  for (const [lang, catalog] of Object.entries(catalogs)) {
    const value = lookup(catalog, key);
    if (value === undefined) return `"${key}" is missing in ${lang}`;
    const wanted = [...value.matchAll(/__(\w+)__/g)].map((m) => m[1]);
    const missing = wanted.filter((w) => !withArgs || !(w in withArgs.args));
    if (missing.length) return `"${text}": ${lang} "${value}" needs ${missing.join(', ')}`;
  }
  return undefined;
}

export function bothCatalogs(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(LANGS.map((l) => [l, sharedCatalog(l)]));
}
