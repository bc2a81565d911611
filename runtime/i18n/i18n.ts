// Runtime texts: every status, validation message, hint and log line comes from the config
// node's catalog (nodes/ezviz-config/locales/<lang>/ezviz-config.json), whichever node shows it.

import type { NodeAPI } from 'node-red';
import type { Translate } from '../../client/errors/translate';

export const CATALOG_NS = 'node-red-contrib-ezviz-open/ezviz-config';

/**
 * A translator for keys of the shared catalog (`status.ok`, `errors.network`, ...). Arguments
 * are data, never interpreted (docs/behaviour.md section 8, API texts are data): the translator fills the
 * template with markers, which are then replaced by the values in one pass, so an API `msg` or a
 * user's value holding `__code__` stays as it came.
 */
export function translator(RED: NodeAPI): Translate {
  const underscore = (RED as unknown as { _: (key: string, args?: unknown) => string })._;
  return (key, args) => {
    if (!args) return underscore(`${CATALOG_NS}:${key}`);
    const values: string[] = [];
    const marked: Record<string, string> = {};
    for (const k of Object.keys(args)) {
      marked[k] = `\u0001${values.length}\u0002`;
      values.push(String(args[k]));
    }
    const text = underscore(`${CATALOG_NS}:${key}`, marked);
    return text.replace(/\u0001(\d+)\u0002/g, (m, i: string) => values[Number(i)] ?? m);
  };
}
