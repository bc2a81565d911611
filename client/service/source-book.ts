// Whether a config node's alarm sources are alive (docs/behaviour.md section 23): each alarm node
// writes here its last fetch, poll or push and its failures; the editor's EZVIZ sidebar reads it.
// A poll or consumer source that failed three times in a row (three intervals) is stale from its
// first failure until a fetch succeeds again. Pure: times are given.

/** Failures in a row that make a poll or consumer source stale. */
export const STALE_AFTER = 3;

export type SourceKind = 'poll' | 'consumer' | 'webhook';

export interface SourceEntry {
  /** The alarm node's id and name. */
  id: string;
  name: string;
  kind: SourceKind;
  /** Poll or fetch interval (ms); none for a webhook. */
  intervalMs?: number;
  lastOkAt?: number;
  /** Events the last good fetch or push brought. */
  lastCount?: number;
  lastFailAt?: number;
  lastError?: { code: string; message: string; hint?: string };
  failuresInRow: number;
  /** Set while stale: when the failures began. */
  staleSince?: number;
  /** Pushes refused (bad signature, too large, ...) since deploy. */
  refused: number;
}

/** An entry and when its current run of failures began. */
type Entry = SourceEntry & { runStart?: number };

export class SourceBook {
  private readonly entries = new Map<string, Entry>();

  open(id: string, name: string, kind: SourceKind, intervalMs?: number): void {
    this.entries.set(id, {
      id,
      name,
      kind,
      intervalMs: kind === 'webhook' ? undefined : intervalMs,
      failuresInRow: 0,
      refused: 0,
    });
  }

  close(id: string): void {
    this.entries.delete(id);
  }

  /** A good fetch, poll or push; 'recovered' when the source was stale. */
  ok(id: string, at: number, count: number): 'recovered' | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    const was = e.staleSince;
    e.lastOkAt = at;
    e.lastCount = count;
    e.failuresInRow = 0;
    e.staleSince = undefined;
    return was === undefined ? undefined : 'recovered';
  }

  /** A failed fetch or poll; 'stale' once, when this failure makes the source stale. */
  failed(id: string, at: number, error: { code: string; message: string; hint?: string }): 'stale' | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (e.failuresInRow === 0) e.runStart = at;
    e.failuresInRow++;
    e.lastFailAt = at;
    e.lastError = { code: error.code, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
    if (e.kind === 'webhook' || e.staleSince !== undefined || e.failuresInRow < STALE_AFTER) return undefined;
    e.staleSince = e.runStart ?? at;
    return 'stale';
  }

  refused(id: string): void {
    const e = this.entries.get(id);
    if (e) e.refused++;
  }

  get(id: string): Readonly<SourceEntry> | undefined {
    return this.entries.get(id);
  }

  /** Every source, copied (the sidebar's reply). */
  list(): SourceEntry[] {
    return [...this.entries.values()].map(({ runStart: _run, ...e }) => ({
      ...e,
      lastError: e.lastError && { ...e.lastError },
    }));
  }
}
