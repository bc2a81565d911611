// The alarm node's status views (docs/behaviour.md sections 11, 15, 17 and 23): polled or pushed with
// the count, "camera disarmed", refused pushes (a warning at most once a minute), a failure, a
// source gone stale or recovered, and an alarm that left without its picture (yellow until a
// picture arrives again). Nothing once the node closed.

import type { Node } from 'node-red';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import type { NodeStatus } from '../../runtime/call-path/node-status';
import { statusWithArgs } from '../../runtime/i18n/status-keys';
import type { EzvizError } from '../../client/errors/errors';
import { REFUSED_STATUS, type PushRefusal } from './webhook';
import { hhmm } from './source-health';

/** At most one warning about refused pushes per this many ms (a flood must not flood the log). */
const REFUSED_WARN_MS = 60000;

/** hh:mm:ss of `ms` in the runtime's time zone. */
export function clock(ms: number): string {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

/** Refused pushes: a yellow status each time, a warning at most once a minute naming the last one's
 * sender (never what was sent). */
function refusals(node: Node, t: Translate, path: string): (why: PushRefusal, sender: string) => void {
  let count = 0;
  let last = -Infinity;
  return (why, sender) => {
    count++;
    node.status({
      fill: 'yellow',
      shape: 'ring',
      text: statusWithArgs('pushRefused', { t: clock(hooks.now()), code: REFUSED_STATUS[why] }),
    });
    if (hooks.now() - last < REFUSED_WARN_MS) return;
    last = hooks.now();
    node.warn(t('errors.pushRefused', { path, reason: t(`errors.pushReason.${why}`), count, sender: sender || '?' }));
    count = 0;
  };
}

export interface Views {
  error(error: EzvizError): void;
  count(time: number, count: number): void;
  refused(why: PushRefusal, sender: string): void;
  /** Failing three intervals in a row since `since` (source-health.ts). */
  stale(since: number): void;
  /** The first good fetch after being stale. */
  recovered(time: number): void;
  /** An alarm left with its picture (`picture` a Buffer) or without (`pictureError`). */
  picture(fields: { picture?: unknown; pictureError?: { code: string } } | undefined): void;
}

/** The node's status views (nothing once closed). */
export function views(
  node: Node,
  t: Translate,
  status: NodeStatus,
  closed: () => boolean,
  path: string,
  disarmed: () => boolean,
): Views {
  const refused = refusals(node, t, path);
  /** The code of the last alarm picture that failed, until a picture arrives. */
  let pictureFailed: string | undefined;
  const showPictureFailed = (code: string) =>
    node.status({ fill: 'yellow', shape: 'ring', text: statusWithArgs('pictureFailed', { c: code }) });
  return {
    error: (error) => void (closed() || status.error(error)),
    // Motion alarms come only from armed cameras (docs/behaviour.md section 12): a filtered camera known to be
    // disarmed is said, not hidden behind "0 new"; a failed picture is not hidden behind it either.
    count: (time, count) =>
      void (
        closed() ||
        (pictureFailed !== undefined
          ? showPictureFailed(pictureFailed)
          : node.status(
              disarmed()
                ? { fill: 'yellow', shape: 'ring', text: statusWithArgs('cameraDisarmed', { t: clock(time) }) }
                : { fill: 'green', shape: 'dot', text: statusWithArgs('polled', { t: clock(time), n: count }) },
            ))
      ),
    picture: (fields) => {
      if (closed() || !fields) return;
      if (fields.pictureError) showPictureFailed((pictureFailed = fields.pictureError.code));
      else if (Buffer.isBuffer(fields.picture)) pictureFailed = undefined;
    },
    refused: (why, sender) => void (closed() || refused(why, sender)),
    stale: (since) =>
      void (
        closed() || node.status({ fill: 'yellow', shape: 'ring', text: statusWithArgs('stale', { t: hhmm(since) }) })
      ),
    recovered: (time) =>
      void (
        closed() || node.status({ fill: 'green', shape: 'dot', text: statusWithArgs('recovered', { t: clock(time) }) })
      ),
  };
}
