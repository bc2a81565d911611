// The stream route's tickets (dashboard/nodes/panel/stream-tickets.ts, docs/behaviour.md section 21):
// one GET each, within 30 s, for the browser they were issued to; at most 4 waiting per browser.

import assert from 'assert';
import { StreamTickets, TICKET_MS } from '../../dashboard/nodes/panel/stream-tickets';

describe('dashboard: stream tickets', () => {
  const holder = { widget: 'w', browser: 'b1', stream: 's' };

  it('a ticket is good once, within its time, and is 128 random bits', () => {
    const t = new StreamTickets();
    const a = t.issue(holder, 1000);
    const b = t.issue(holder, 1000);
    assert.notStrictEqual(a.ticket, b.ticket);
    assert.match(a.ticket, /^[A-Za-z0-9_-]{22}$/);
    assert.deepStrictEqual(t.take(a.ticket, 2000), holder);
    assert.strictEqual(t.take(a.ticket, 2000), undefined, 'used once');
    assert.strictEqual(t.take(b.ticket, 1000 + TICKET_MS), undefined, 'expired');
    assert.strictEqual(t.take('made-up', 1000), undefined);
  });

  it("at most 4 wait per browser (the oldest goes); a browser's or a widget's go at once", () => {
    const t = new StreamTickets();
    const mine = Array.from({ length: 5 }, () => t.issue(holder, 0).ticket);
    const other = t.issue({ ...holder, browser: 'b2' }, 0).ticket;
    assert.strictEqual(t.take(mine[0], 1), undefined, 'the oldest went');
    assert.ok(t.take(mine[4], 1));
    t.drop((h) => h.browser === 'b1');
    assert.strictEqual(t.take(mine[3], 1), undefined);
    assert.ok(t.take(other, 1));
  });
});
