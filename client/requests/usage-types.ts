// The shapes of a config node's call counters (counters.ts), apart so that the editor's EZVIZ
// sidebar can read them without the runtime's imports. Types only.

/** path -> outcome code -> count. */
export type CallCounts = Record<string, Record<string, number>>;

export interface LimitError {
  code: string;
  path: string;
  /** ms since the epoch. */
  at: number;
}

export interface UsageSnapshot {
  lastHour: CallCounts;
  today: CallCounts;
  /** Calls in the last hour and today, all paths and outcomes. */
  totals: { lastHour: number; today: number };
  limits: LimitError[];
}

/** What survives a redeploy or a restart (the config node's context). */
export interface CountersCarry {
  minutes: Array<[number, Array<[string, number]>]>;
  limits: LimitError[];
}
