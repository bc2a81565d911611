// Tickets for a stream node's viewers in the browsers of the dashboard (docs/behaviour.md section 21):
// a browser asks its panel (or wall) over the socket and gets a ticket, 128 random bits, good for
// one GET of the dashboard package's stream route within 30 s; the route attaches that response to
// the stream node's one camera session through the main package's door. A ticket is used once and
// is its browser's only: no key, token, code or cloud address goes to a browser. Bounded: at most 4
// tickets waiting per browser, 2000 in all. Pure but for node:crypto; the time comes from the caller.

import { randomBytes } from 'crypto';

export const TICKET_MS = 30000;
const PER_BROWSER = 4;
const MAX_TICKETS = 2000;

export interface TicketHolder {
  /** The widget node that issued it, the browser (socket id) it is for, the stream node it opens. */
  widget: string;
  browser: string;
  stream: string;
}

interface Waiting extends TicketHolder {
  until: number;
}

export class StreamTickets {
  private readonly waiting = new Map<string, Waiting>();

  /** A new ticket for `holder`; its browser's oldest waiting ticket goes past 4. */
  issue(holder: TicketHolder, now: number): { ticket: string; expires: number } {
    this.sweep(now);
    const mine = [...this.waiting].filter(([, w]) => w.browser === holder.browser && w.widget === holder.widget);
    if (mine.length >= PER_BROWSER) this.waiting.delete(mine[0][0]);
    if (this.waiting.size >= MAX_TICKETS) this.waiting.delete(this.waiting.keys().next().value as string);
    const ticket = randomBytes(16).toString('base64url');
    const until = now + TICKET_MS;
    this.waiting.set(ticket, { ...holder, until });
    return { ticket, expires: until };
  }

  /** The holder of `ticket` when it is good now; it is used up either way. */
  take(ticket: string, now: number): TicketHolder | undefined {
    const w = this.waiting.get(ticket);
    this.waiting.delete(ticket);
    if (!w || w.until <= now) return undefined;
    return { widget: w.widget, browser: w.browser, stream: w.stream };
  }

  /** A browser left or a widget closed: their waiting tickets go. */
  drop(match: (h: TicketHolder) => boolean): void {
    for (const [ticket, w] of this.waiting) if (match(w)) this.waiting.delete(ticket);
  }

  private sweep(now: number): void {
    for (const [ticket, w] of this.waiting) if (w.until <= now) this.waiting.delete(ticket);
  }
}
