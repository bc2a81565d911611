// Ids seen lately (message ids of pushes and fetched messages, docs/behaviour.md section 15): an id is
// remembered for `ttlMs` after it was last seen, at most `max` of them (the oldest go first), so
// a flood of new ids cannot grow the memory. Pure: the caller passes the time in.

export class RecentIds {
  /** id -> when it was seen; insertion order is time order (add() moves an id to the end). */
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
  ) {}

  /** Whether `id` was seen less than ttlMs before `now`. */
  has(id: string, now: number): boolean {
    const at = this.ids.get(id);
    return at !== undefined && now - at < this.ttlMs;
  }

  /** Remembers `id` as seen at `now`; forgets expired ids and, past `max`, the oldest. */
  add(id: string, now: number): void {
    this.ids.delete(id);
    this.ids.set(id, now);
    for (const [old, at] of this.ids) {
      if (this.ids.size <= this.max && now - at < this.ttlMs) break;
      this.ids.delete(old);
    }
  }

  get size(): number {
    return this.ids.size;
  }
}
