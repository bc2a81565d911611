// The webhook of the message service (mq-push.ts sends it): the message, the webhook as
// PUT /sim/webhook sets it (checked), a record of each attempt, the vendor's times and the
// headers of an attempt (docs/api/watch-api.md section 5).

import { createHmac } from 'crypto';

/** One message of the message service, as a fetch hands it out and a push sends it. */
export interface MqMessage {
  header: { channelNo: number; deviceId: string; messageId: string; messageTime: number; type: string };
  body: Record<string, unknown>;
  pictureList: Array<{ id: string; url: string; shortUrl: string }>;
}

export interface WebhookConfig {
  url: string;
  /** Signing secret ('' or absent: no signature header). */
  secret?: string;
  /** Only messages of this account (default: every account). */
  account?: string;
  /** How long to wait for the acknowledgement (default ACK_TIMEOUT_MS, the vendor's 2 s; tests shorten it). */
  ackTimeoutMs?: number;
  /** Wait before sending again after a wrong answer (default RESEND_DELAY_MS; tests shorten it). */
  resendDelayMs?: number;
}

export interface PushRecord {
  messageId: string;
  type: string;
  attempt: number;
  /** clock.now() when sent. */
  t: number;
  /** HTTP status, 0 when none came (timeout, refused). */
  status: number;
  acked: boolean;
  /** Wall-clock ms until the answer (or the give-up). */
  ms: number;
  error?: string;
}

export const ACK_TIMEOUT_MS = 2000;
export const MAX_RESENDS = 3;
/** Wait before sending again after a wrong answer (a timeout is sent again at once). */
export const RESEND_DELAY_MS = 1000;
export const RECORDS_KEPT = 1000;

/** The webhook of PUT /sim/webhook, checked: an http(s) URL, a string secret and account, times in range. */
export function webhookConfig(config: unknown): WebhookConfig {
  const c = (config ?? {}) as Record<string, unknown>;
  let url: URL;
  try {
    url = new URL(String(c.url));
  } catch {
    throw new Error('webhook: url must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('webhook: url must be an http(s) URL');
  if (c.secret !== undefined && typeof c.secret !== 'string') throw new Error('webhook: secret must be a string');
  if (c.account !== undefined && typeof c.account !== 'string') throw new Error('webhook: account must be a string');
  const ack = c.ackTimeoutMs === undefined ? ACK_TIMEOUT_MS : Number(c.ackTimeoutMs);
  if (!Number.isInteger(ack) || ack < 10 || ack > 60000) throw new Error('webhook: ackTimeoutMs must be 10 to 60000');
  const resend = c.resendDelayMs === undefined ? RESEND_DELAY_MS : Number(c.resendDelayMs);
  if (!Number.isInteger(resend) || resend < 0 || resend > 60000)
    throw new Error('webhook: resendDelayMs must be 0 to 60000');
  return {
    url: url.toString(),
    secret: (c.secret as string | undefined) ?? '',
    account: c.account as string | undefined,
    ackTimeoutMs: ack,
    resendDelayMs: resend,
  };
}

/** The headers of one attempt: send time `t`, the message type and, with a secret, the signature. */
export function pushHeaders(c: WebhookConfig, m: MqMessage, body: string, t: string): Record<string, string | number> {
  const headers: Record<string, string | number> = {
    'Content-Type': 'text/plain',
    'Content-Length': Buffer.byteLength(body),
    t,
    message_type: m.header.type,
  };
  if (c.secret)
    headers.signature = createHmac('sha1', c.secret)
      .update(body + t, 'utf8')
      .digest('hex');
  return headers;
}
