// Webhook pushes of the message service (docs/api/watch-api.md section 5), as the vendor sends
// them: each message published (mq.ts) is POSTed to the URL set through /sim/webhook, with
// `Content-Type: text/plain`, the body `{header, body, pictureList}`, headers `t` (send time, ms,
// by the simulator's clock), `message_type` and, with a signing secret, `signature` (lower-case hex
// HMAC-SHA1 of the raw body + t). A push counts as delivered when HTTP 200 with
// `{"messageId": <header.messageId>}` comes back within 2 s; otherwise it is sent again, up to 3
// more times (each time with a fresh t and signature). Every attempt is recorded (GET /sim/webhook).

import { createHmac } from 'crypto';
import * as http from 'http';
import * as https from 'https';
import type { Clock } from '../clock';

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
const RECORDS_KEPT = 1000;

export class WebhookPusher {
  private config: WebhookConfig | undefined;
  private records: PushRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  private closed = false;

  constructor(private readonly clock: Clock) {}

  set(config: unknown): void {
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
    this.config = {
      url: url.toString(),
      secret: (c.secret as string | undefined) ?? '',
      account: c.account as string | undefined,
      ackTimeoutMs: ack,
      resendDelayMs: resend,
    };
  }

  clear(): void {
    this.config = undefined;
  }

  /** GET /sim/webhook: the URL (the secret only as whether one is set) and the attempts. */
  view(): Record<string, unknown> {
    return { url: this.config?.url ?? null, signed: !!this.config?.secret, pushes: this.records.slice() };
  }

  pushes(): PushRecord[] {
    return this.records.slice();
  }

  clearLog(): void {
    this.records = [];
  }

  /** A message was published for `account`: pushed when a webhook is set for it. */
  message(account: string, m: MqMessage): void {
    const c = this.config;
    if (!c || this.closed || (c.account !== undefined && c.account !== account)) return;
    this.attempt(c, m, 1);
  }

  private record(r: PushRecord): void {
    this.records.push(r);
    if (this.records.length > RECORDS_KEPT + 100) this.records = this.records.slice(-RECORDS_KEPT);
  }

  private attempt(c: WebhookConfig, m: MqMessage, attempt: number): void {
    const body = JSON.stringify(m);
    const t = String(this.clock.now());
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
    const started = Date.now();
    const url = new URL(c.url);
    const lib = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (status: number, acked: boolean, error?: string) => {
      if (settled) return;
      settled = true;
      if (status === 0) req.destroy(); // (an answered request's socket stays in the keep-alive pool)
      this.record({
        messageId: m.header.messageId,
        type: m.header.type,
        attempt,
        t: Number(t),
        status,
        acked,
        ms: Date.now() - started,
        ...(error ? { error } : {}),
      });
      if (acked || attempt > MAX_RESENDS || this.closed || this.config !== c) return;
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          if (!this.closed && this.config === c) this.attempt(c, m, attempt + 1);
        },
        error === 'timeout' ? 0 : c.resendDelayMs,
      );
      this.timers.add(timer);
    };
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers,
        agent: url.protocol === 'https:' ? this.agents.https : this.agents.http,
        timeout: c.ackTimeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (d: Buffer) => {
          size += d.length;
          if (size <= 4096) chunks.push(d);
        });
        res.on('end', () => {
          let acked: boolean;
          try {
            acked =
              res.statusCode === 200 &&
              JSON.parse(Buffer.concat(chunks).toString('utf8')).messageId === m.header.messageId;
          } catch {
            acked = false;
          }
          finish(res.statusCode ?? 0, acked, acked ? undefined : 'not acknowledged');
        });
        res.on('error', () => finish(res.statusCode ?? 0, false, 'reply cut off'));
      },
    );
    const deadline = setTimeout(() => finish(0, false, 'timeout'), c.ackTimeoutMs);
    this.timers.add(deadline);
    req.on('close', () => {
      clearTimeout(deadline);
      this.timers.delete(deadline);
    });
    req.on('timeout', () => finish(0, false, 'timeout'));
    req.on('error', (e: NodeJS.ErrnoException) => finish(0, false, e.code ?? 'error'));
    req.end(body);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}
