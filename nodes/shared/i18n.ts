// Runtime texts: every status, validation message, hint and log line comes from the config
// node's catalog (nodes/ezviz-config/locales/<lang>/ezviz-config.json), whichever node shows it.

import type { NodeAPI } from 'node-red';

export const CATALOG_NS = 'node-red-contrib-ezviz-open/ezviz-config';

export type Translate = (key: string, args?: Record<string, unknown>) => string;

/** A translator for keys of the shared catalog (`status.ok`, `errors.network`, ...). */
export function translator(RED: NodeAPI): Translate {
  const underscore = (RED as unknown as { _: (key: string, args?: unknown) => string })._;
  return (key, args) => underscore(`${CATALOG_NS}:${key}`, args);
}
