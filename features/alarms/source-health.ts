// An alarm source's health (docs/behaviour.md section 23): every timed outcome of a source is
// written to its config node's SourceBook (read by the editor's EZVIZ sidebar) on its way to the
// node. A poll or consumer source failing three intervals in a row becomes stale: the node gets
// one `stale` outcome (a STALE error on output 2, the status yellow `stale since HH:MM`), then its
// failures keep the stale status; the first good fetch after that is `recovered` (status only).

import type { Fields } from '../../client/requests/call-types';
import { EzvizError } from '../../client/errors/errors';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import type { SourceBook, SourceKind } from '../../client/service/source-book';

/** What a source reports, as the health wrapper sees it. */
type Outcome =
  | { kind: 'ok'; time: number; count: number }
  | { kind: 'pushed'; time: number; count: number }
  | { kind: 'error'; error: EzvizError; request: Fields }
  | { kind: 'refused' }
  | { kind: 'closed' };

/** What the wrapper adds to a source's outcomes. */
export type HealthOutcome =
  | { kind: 'stale'; since: number; error: EzvizError; request: Fields }
  | { kind: 'recovered'; time: number; count: number };

/** hh:mm of `ms` in the runtime's time zone. */
export function hhmm(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** The one message a stale source sends on output 2: code STALE, when it began, the last failure. */
export function staleError(t: Translate, kind: SourceKind, since: number, last: EzvizError): EzvizError {
  return new EzvizError({
    code: 'STALE',
    operation: last.operation,
    source: 'local',
    retriable: false,
    since: new Date(since).toISOString(),
    message: t('errors.sourceStale', { source: kind, since: hhmm(since), code: last.code, message: last.message }),
  });
}

export interface Watched<O> {
  /** The report to hand the source: books each outcome, then passes it (or its health) on. */
  report(o: O): void;
  close(): void;
}

/**
 * Wraps a node's `report` for a source of `kind`: the book learns every outcome; the node gets the
 * outcomes as they were, an error while stale marked `stale: true` (its status stays yellow), and
 * the health outcomes above.
 */
export function watchSource<O extends Outcome>(
  book: SourceBook,
  node: { id: string; name?: string },
  kind: SourceKind,
  intervalMs: number | undefined,
  t: Translate,
  report: (o: O | (O & { stale: true }) | HealthOutcome) => void,
): Watched<O> {
  book.open(node.id, node.name ?? '', kind, intervalMs);
  return {
    report(o) {
      if (o.kind === 'ok' || o.kind === 'pushed') {
        return report(
          book.ok(node.id, o.time, o.count) === 'recovered' ? { kind: 'recovered', time: o.time, count: o.count } : o,
        );
      }
      if (o.kind === 'refused') book.refused(node.id);
      if (o.kind !== 'error') return report(o);
      const wasStale = book.get(node.id)?.staleSince !== undefined;
      const became = book.failed(node.id, hooks.now(), o.error);
      report(wasStale ? { ...o, stale: true } : o);
      const since = book.get(node.id)?.staleSince;
      if (became === 'stale' && since !== undefined) {
        report({ kind: 'stale', since, error: staleError(t, kind, since, o.error), request: o.request });
      }
    },
    close: () => book.close(node.id),
  };
}
