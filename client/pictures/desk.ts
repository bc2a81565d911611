// A config node's picture desk (docs/behaviour.md section 17): a picture's GET through the one
// picture path (wire/picture.ts: the config node's client, its timeout as one deadline, no
// redirects, at most 5 MiB), then decrypted with the camera's codes when its bytes say it is
// encrypted. At most 2 downloads at a time per config node; an ask whose caller stopped waiting
// (an alarm sent without its picture) is dropped before its download starts. A URL on a loopback,
// private or link-local host is refused (PICTURE_HOST, wire/picture-host.ts) unless it is the base
// URL's host or one the config node allows. Never rejects.

import { EzvizError, isRetriable } from '../errors/errors';
import type { CallName } from '../operations/operations';
import type { Translate } from '../errors/translate';
import { fetchPicture, MAX_PICTURE_BYTES } from '../wire/picture';
import { pictureHostAllowed } from '../wire/picture-host';
import type { GetOutcome } from '../wire/wire';
import { MAX_SEGMENTS, unlockPicture, type PictureType } from './decrypt';

/** Downloads at once per config node. */
export const PICTURES_AT_ONCE = 2;

export interface PictureAsk {
  url: string;
  /** The camera (named in errors; never a code). */
  deviceSerial: string;
  /** Codes to try for an encrypted picture (codes.ts lookUpCodes): [] when none is known. */
  codes: readonly unknown[];
  operation: CallName;
  /** True once the caller stopped waiting: a queued ask is dropped (`CANCELLED`). */
  abandoned?(): boolean;
}

export interface Picture {
  data: Buffer;
  type: PictureType;
  /** The bytes were encrypted (and are decrypted now). */
  encrypted: boolean;
  /** Pictures in `data`, back to back (several encrypted segments: a multi-lens camera). */
  count: number;
  bytes: number;
  /** A segment's PKCS#7 padding did not agree (kept as it came): the picture may be cut short. */
  suspect: boolean;
}

type Download = (url: string, maxBytes: number) => Promise<GetOutcome>;

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export class PictureDesk {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly download: Download,
    private readonly t: Translate,
    private readonly timeout: number,
    /** The config node's base URL and its further allowed picture hosts (`pictureHosts`). */
    private readonly hosts: { baseUrl: string; more: readonly string[] } = { baseUrl: '', more: [] },
  ) {}

  /** The picture of `ask`, decrypted, or the error that says why not. */
  async get(ask: PictureAsk): Promise<Picture | EzvizError> {
    if (!pictureHostAllowed(ask.url, this.hosts.baseUrl, this.hosts.more))
      return this.error(ask, 'PICTURE_HOST', 'local', this.t('errors.pictureHost', { host: hostOf(ask.url) }));
    await this.turn();
    try {
      if (ask.abandoned?.()) return this.error(ask, 'CANCELLED', 'local', this.t('errors.pictureCancelled'));
      const outcome = await fetchPicture(this.download, ask.url);
      if (!outcome.ok) return this.failed(ask, outcome);
      return await this.unlock(ask, outcome.data);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Waits for one of the PICTURES_AT_ONCE places. */
  private turn(): Promise<void> {
    if (this.running < PICTURES_AT_ONCE) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) =>
      this.waiting.push(() => {
        this.running++;
        resolve();
      }),
    );
  }

  private async unlock(ask: PictureAsk, data: Buffer): Promise<Picture | EzvizError> {
    const codes = ask.codes.filter((c): c is string => typeof c === 'string' && c.trim() !== '').map((c) => c.trim());
    const r = await unlockPicture(data, codes);
    if (r.ok)
      return {
        data: r.data,
        type: r.type,
        encrypted: r.encrypted,
        count: r.count,
        bytes: r.data.length,
        suspect: r.suspect,
      };
    const camera = ask.deviceSerial;
    const host = hostOf(ask.url);
    switch (r.reason) {
      case 'locked':
        return this.error(ask, 'PICTURE_LOCKED', 'local', this.t('errors.pictureLocked', { camera }));
      case 'wrongCode':
        return this.error(ask, 'WRONG_CODE', 'local', this.t('errors.pictureWrongCode', { camera }));
      case 'truncated':
        return this.error(ask, 'BAD_REPLY', 'http', this.t('errors.pictureTruncated', { host }));
      case 'tooMany':
        return this.error(
          ask,
          'BAD_REPLY',
          'http',
          this.t('errors.pictureTooManySegments', { host, max: MAX_SEGMENTS }),
        );
      default:
        return this.error(
          ask,
          'BAD_REPLY',
          'http',
          this.t(data.indexOf('hikencodepicture') >= 0 ? 'errors.pictureDecryptedNotImage' : 'errors.pictureNotImage', {
            host,
          }),
        );
    }
  }

  private failed(
    ask: PictureAsk,
    outcome: Exclude<Awaited<ReturnType<typeof fetchPicture>>, { ok: true }>,
  ): EzvizError {
    const host = hostOf(ask.url);
    const t = this.t;
    let message: string;
    if (outcome.source === 'network') {
      message = t(outcome.code === 'ETIMEDOUT' ? 'errors.pictureTimeout' : 'errors.pictureNetwork', {
        code: outcome.code,
        host,
        timeout: this.timeout,
      });
    } else if (outcome.reason === 'size')
      message = t('errors.pictureTooLarge', { host, max: `${MAX_PICTURE_BYTES / 1048576} MiB` });
    else if (outcome.reason === 'notImage') message = t('errors.pictureNotImage', { host });
    else message = t('errors.pictureHttp', { status: outcome.status, host });
    return this.error(ask, outcome.code, outcome.source, message);
  }

  private error(ask: PictureAsk, code: string, source: EzvizError['source'], message: string): EzvizError {
    const retriable = source !== 'local' && isRetriable(source, code);
    return new EzvizError({ code, message, operation: ask.operation, source, retriable });
  }
}
