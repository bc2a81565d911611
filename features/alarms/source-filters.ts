// Which events an alarm node sends (docs/behaviour.md sections 15, 19 and 27): its filters, nothing
// older than the deploy, and each event as what leaves the node; the config node's ezviz-device
// reads as status events for a node with the option `status`. Pure but for the feed it watches.

import { typeMatches } from './alarm-items';
import type { CallEvent, MessageEvent, OnOffline, OtherMessage } from './alarm-message';
import type { AlarmPayload } from './alarm-items';
import { readReport, type StatusReport } from './device-status';
import type { SourceSettings } from './source-settings';
import type { Feed, ReadStatus } from '../../client/service/alarm-feed';

/** What leaves on output 1. */
export type OutEvent =
  | { kind: 'alarm'; alarm: AlarmPayload; messageId?: string }
  | { kind: 'onoffline'; event: OnOffline; messageId: string }
  | { kind: 'call'; event: CallEvent; messageId: string }
  | { kind: 'message'; event: OtherMessage; messageId: string }
  /** A battery or storage report (device-status.ts): the node sends it when something changed. */
  | { kind: 'status'; report: StatusReport; messageId?: string };

/** Whether a node with `s` sends `e` (deployed at `floor`): its filters, nothing older than the deploy. */
export function accepts(s: SourceSettings, floor: number, e: MessageEvent): boolean {
  if (e.kind === 'alarm') {
    const a = e.alarm;
    return (
      a.alarmTime >= floor && (s.deviceSerial === undefined || a.deviceSerial === s.deviceSerial) && typeMatches(s, a)
    );
  }
  const device = (serial: string) => s.deviceSerial === undefined || serial === s.deviceSerial;
  if (e.kind === 'onoffline') return s.onoffline && e.time >= floor && device(e.event.deviceSerial);
  if (e.kind === 'status' && s.status) return e.time >= floor && device(e.report.deviceSerial);
  // Calls and other messages (docs/behaviour.md section 19): by their options; a message without a time is new.
  // A call's time is in whole seconds: one of the deploy's own second is new, not from before it.
  if (e.kind === 'call') return s.calls && e.time >= floor - (floor % 1000) && device(e.event.deviceSerial);
  return !!e.message && s.others && (e.time === undefined || e.time >= floor) && device(e.message.deviceSerial);
}

export function toOut(s: SourceSettings, e: MessageEvent): OutEvent | undefined {
  if (e.kind === 'alarm') return { kind: 'alarm', alarm: e.alarm, messageId: e.messageId };
  if (e.kind === 'status' && s.status) return { kind: 'status', report: e.report, messageId: e.messageId };
  if (e.kind === 'call') return { kind: 'call', event: e.event, messageId: e.messageId };
  if (e.kind === 'other' || e.kind === 'status')
    return e.message ? { kind: 'message', event: e.message, messageId: e.messageId } : undefined;
  return { kind: 'onoffline', event: e.event, messageId: e.messageId };
}

/** Each read of `feed` (a device the node's filter takes) as a status event; the returned function stops it. */
export function watchReads(
  feed: Feed<ReadStatus> | undefined,
  s: SourceSettings,
  emit: (e: OutEvent) => void,
): (() => void) | undefined {
  return feed?.watch((r) => {
    if (s.deviceSerial === undefined || r.deviceSerial === s.deviceSerial)
      emit({ kind: 'status', report: readReport(r) });
  });
}
