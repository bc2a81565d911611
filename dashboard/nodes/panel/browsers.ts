// The browsers of one camera panel (docs/behaviour.md section 14): each connection followed from its
// first message until it leaves, with the `msg._client` it had then (who.ts decides what it may do).
// A leaving browser is handed to the panel, which stops its move and drops its work (panel.ts).

import type { Client } from './who';

/** A browser connection as Dashboard 2 hands it to a widget's socket handler. */
export interface Conn {
  id: string;
  emit(event: string, ...args: unknown[]): unknown;
  once?(event: string, fn: () => void): unknown;
  off?(event: string, fn: () => void): unknown;
}

export class Browsers {
  private readonly conns = new Map<string, { conn: Conn; leave: () => void }>();
  private readonly clients = new Map<string, Client | undefined>();

  /** `clientOf` reads a browser's `msg._client`; `left` hears of a browser that went (before its
   * client is forgotten). */
  constructor(
    private readonly clientOf: (conn: Conn) => Client | undefined,
    private readonly left: (id: string) => void,
  ) {}

  /** Follows a browser's connection: when it goes, `left` hears of it. */
  watch(conn: Conn): void {
    if (this.conns.has(conn.id) || !conn.once) return;
    this.clients.set(conn.id, this.clientOf(conn));
    const leave = (): void => {
      this.conns.delete(conn.id);
      this.left(conn.id);
      this.clients.delete(conn.id);
    };
    conn.once('disconnect', leave);
    this.conns.set(conn.id, { conn, leave });
  }

  conn(id: string): Conn | undefined {
    return this.conns.get(id)?.conn;
  }

  /** The connections followed now. */
  all(): Conn[] {
    return [...this.conns.values()].map((c) => c.conn);
  }

  client(id: string): Client | undefined {
    return this.clients.get(id);
  }

  /** The panel closes: no connection is followed any more (their clients stay for the last stop). */
  close(): void {
    for (const { conn, leave } of this.conns.values()) conn.off?.('disconnect', leave);
    this.conns.clear();
  }
}
