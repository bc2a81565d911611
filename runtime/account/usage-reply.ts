// What the EZVIZ sidebar's admin route answers (nodes/ezviz-config/admin-usage.ts), apart so that
// the sidebar's editor code can read it without the runtime's imports. Types only.

import type { UsageSnapshot } from '../../client/requests/usage-types';
import type { SourceEntry } from '../../client/service/source-book';
import type { StreamCamera } from '../../client/service/stream-book';

export interface AccountUsage {
  id: string;
  name: string;
  /** The host the account talks to (the base URL without path or query). */
  host: string;
  token: { state: 'ok' | 'none' | 'missing' | 'expired' | 'failed'; usableUntil?: number };
  /** From the last device list the editor's picker read (no API call of the sidebar's own). */
  devices?: { online: number; offline: number; at: number };
  calls: UsageSnapshot;
  sources: SourceEntry[];
  /** The cameras its stream nodes serve: camera minutes today and viewers now. */
  streams: StreamCamera[];
}

export interface UsageReply {
  now: number;
  accounts: AccountUsage[];
}
