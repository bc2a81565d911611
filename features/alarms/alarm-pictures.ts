// ezviz-alarm's `picture: download` (docs/behaviour.md section 17): each alarm's picture fetched by
// the config node's picture desk (2 at a time per config node, 5 MiB, the timeout) and decrypted
// with the account's code for its camera. An alarm is never lost for its picture: a failure
// sends it with `picture: null` and `pictureError: {code, message}`; an alarm waits at most the
// timeout for its picture (then it leaves without it), and the alarms keep their order.

import { EzvizError } from '../../client/errors/errors';
import { hooks } from '../../client/clock/clock';
import type { Translate } from '../../client/errors/translate';
import type { CodeBook } from '../../client/pictures/codes';
import type { Picture, PictureAsk } from '../../client/pictures/desk';
import type { AlarmSourceKind } from './alarm-message';
import type { OutEvent } from './sources';
import type { EzvizService } from '../../client/service/service';

/** What `picture: download` adds to an alarm's payload. */
export interface PictureFields {
  picture: Buffer | null;
  pictureType: string | null;
  /** Several pictures back to back in `picture` (an encrypted file of several segments). */
  pictureCount?: number;
  /** The decrypted picture's padding did not agree: it may be cut short (shown as far as it goes). */
  pictureSuspect?: true;
  pictureError?: { code: string; message: string };
}

export type SendEvent = (e: OutEvent, from: AlarmSourceKind, fields?: PictureFields) => void;

export interface PictureLineOptions {
  get(ask: PictureAsk): Promise<Picture | EzvizError>;
  codes: CodeBook;
  /** ms an alarm waits for its picture at most (the config node's timeout). */
  timeout: number;
  t: Translate;
  send: SendEvent;
}

interface Entry {
  e: OutEvent;
  from: AlarmSourceKind;
  done: boolean;
  fields?: PictureFields;
  cancel?: () => void;
}

const failure = (code: string, message: string): PictureFields => ({
  picture: null,
  pictureType: null,
  pictureError: { code, message },
});

/** The alarms of one node on their way out, in order, each with its picture or why not. */
export class PictureLine {
  private readonly queue: Entry[] = [];

  constructor(private readonly o: PictureLineOptions) {}

  push(e: OutEvent, from: AlarmSourceKind): void {
    const entry: Entry = { e, from, done: false };
    this.queue.push(entry);
    if (e.kind !== 'alarm') return this.settle(entry, undefined);
    const { alarmPicUrl: url, deviceSerial } = e.alarm;
    if (!url) return this.settle(entry, { picture: null, pictureType: null });
    entry.cancel = hooks.timer(
      () => this.settle(entry, failure('ETIMEDOUT', this.o.t('errors.pictureDeadline', { timeout: this.o.timeout }))),
      this.o.timeout,
    );
    this.o
      .get({
        url,
        deviceSerial,
        codes: this.o.codes.codes(deviceSerial),
        operation: 'alarm-list',
        abandoned: () => entry.done,
      })
      .then(
        (r) =>
          this.settle(
            entry,
            r instanceof EzvizError
              ? failure(r.code, r.message)
              : {
                  picture: r.data,
                  pictureType: r.type,
                  ...(r.count > 1 ? { pictureCount: r.count } : {}),
                  ...(r.suspect ? { pictureSuspect: true as const } : {}),
                },
          ),
        (err) =>
          this.settle(
            entry,
            failure('INTERNAL', this.o.t('errors.internal', { detail: String((err as Error)?.name) })),
          ),
      );
  }

  /** Every alarm still waiting leaves now, without its picture (the node closes). */
  close(): void {
    for (const entry of [...this.queue]) {
      if (!entry.done) this.settle(entry, failure('CANCELLED', this.o.t('errors.pictureCancelled')));
    }
  }

  private settle(entry: Entry, fields: PictureFields | undefined): void {
    if (entry.done) return;
    entry.done = true;
    entry.cancel?.();
    entry.fields = fields;
    while (this.queue.length && this.queue[0].done) {
      const next = this.queue.shift()!;
      try {
        this.o.send(next.e, next.from, next.fields);
      } catch {
        /* a failing send loses this message only, never the ones behind it */
      }
    }
  }
}

/** The line of an alarm node with `picture: download` on a config node's service. */
export function pictureLine(
  service: Pick<EzvizService, 'pictures' | 'codes' | 'timeout'>,
  t: Translate,
  send: SendEvent,
): PictureLine {
  return new PictureLine({
    get: (ask) => service.pictures.get(ask),
    codes: service.codes,
    timeout: service.timeout,
    t,
    send,
  });
}
