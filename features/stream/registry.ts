// The stream nodes deployed now, by node id (docs/behaviour.md section 25): what the dashboard's
// panels and walls reach through the dashboard door (features/dashboard/dashboard-api.ts) to
// watch a stream node's one camera session instead of opening their own. An entry is the node's
// own admission of a viewer (its limits: maxViewers, maxMinutesPerDay); the key is the node's
// business on its HTTP path only, never handed out.

import type { ServerResponse } from 'http';

export interface StreamEntry {
  readonly id: string;
  readonly deviceSerial: string;
  readonly channelNo: number;
  /** One more viewer of the relay on `res` (the node's FLV headers, 503 at its limits). */
  attach(address: string, res: ServerResponse): void;
}

const entries = new Map<string, StreamEntry>();

/** A stream node serves from now on; the returned function takes it away (on close). */
export function registerStream(entry: StreamEntry): () => void {
  entries.set(entry.id, entry);
  return () => {
    if (entries.get(entry.id) === entry) entries.delete(entry.id);
  };
}

/** The stream node `id` deployed and serving now, if any. */
export function streamEntry(id: string): StreamEntry | undefined {
  return entries.get(id);
}
