// Webhook pushes of the message service (docs/api/watch-api.md section 5), as the vendor sends
// them: each message published (mq.ts) is POSTed to the URL set through /sim/webhook, with
// `Content-Type: text/plain`, the body `{header, body, pictureList}`, headers `t` (send time, ms,
// by the simulator's clock), `message_type` and, with a signing secret, `signature` (lower-case hex
// HMAC-SHA1 of the raw body + t). A push counts as delivered when HTTP 200 with
// `{"messageId": <header.messageId>}` comes back within 2 s; otherwise it is sent again, up to 3
// more times (each time with a fresh t and signature). Every attempt is recorded (GET /sim/webhook).

import * as http from 'http';
import * as https from 'https';
import type { Clock } from '../clock';
import { MAX_RESENDS, RECORDS_KEPT, pushHeaders, webhookConfig } from './mq-webhook';
import type { MqMessage, PushRecord, WebhookConfig } from './mq-webhook';

export { ACK_TIMEOUT_MS, MAX_RESENDS, RESEND_DELAY_MS } from './mq-webhook';
export type { MqMessage, PushRecord, WebhookConfig } from './mq-webhook';

export class WebhookPusher {
  private config: WebhookConfig | undefined;
  private records: PushRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
  private closed = false;

  constructor(private readonly clock: Clock) {}

  set(config: unknown): void {
    this.config = webhookConfig(config);
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
    const headers = pushHeaders(c, m, body, t);
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
