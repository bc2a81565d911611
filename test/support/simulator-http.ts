// Plain node:http client for the simulator tests: one fresh connection per request (no agent),
// so no test leaves a socket behind.

import * as fs from 'fs';
import * as http from 'http';
import * as https from 'https';
import * as os from 'os';
import * as path from 'path';

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

export interface ApiReply {
  code: string;
  msg: string;
  data?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type Fields = Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: string;
  body?: string | Buffer;
  headers?: Record<string, string | number>;
  agent?: http.Agent | false;
  rejectUnauthorized?: boolean;
}

export function request(base: string, path: string, opts: RequestOptions = {}): Promise<HttpReply> {
  const u = new URL(path, base);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(
      u,
      {
        method: opts.method ?? 'GET',
        headers: {
          ...(opts.body !== undefined ? { 'Content-Length': Buffer.byteLength(opts.body) } : {}),
          ...opts.headers,
        },
        agent: opts.agent ?? false,
        rejectUnauthorized: opts.rejectUnauthorized,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export function formBody(fields: Fields): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) p.append(k, String(v));
  return p.toString();
}

/** POSTs a form and returns the raw reply. */
export function postForm(base: string, path: string, fields: Fields, opts: RequestOptions = {}): Promise<HttpReply> {
  return request(base, path, {
    ...opts,
    method: 'POST',
    body: formBody(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...opts.headers },
  });
}

/** POSTs a form and parses the API envelope (fails when the reply is not HTTP 200 JSON). */
export async function callApi(
  base: string,
  path: string,
  fields: Fields,
  opts: RequestOptions = {},
): Promise<ApiReply> {
  const r = await postForm(base, path, fields, opts);
  if (r.status !== 200) throw new Error(`HTTP ${r.status} from ${path}: ${r.text}`);
  return JSON.parse(r.text) as ApiReply;
}

/** The admin endpoint's JSON, read freely by the tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** An admin call under /sim/ (JSON: the admin endpoint refuses other requests but a bare GET). */
export async function admin(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const r = await request(base, path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined && method === 'GET' ? {} : { 'Content-Type': 'application/json' },
  });
  return { status: r.status, json: r.text ? JSON.parse(r.text) : undefined };
}

/** Writes a simulator state file to the temp directory (`ezviz-<name>-state-<pid>.json`): one
 * account `a`, its app key `k` (secret `s`), the token `token` and one device `serial` of `a`
 * (`device` over that); answers the file's path. */
export function oneDeviceState(
  name: string,
  token: string,
  serial: string,
  device: Record<string, unknown> = {},
): string {
  const file = path.join(os.tmpdir(), `ezviz-${name}-state-${process.pid}.json`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      accounts: { a: {} },
      appKeys: { k: { appSecret: 's', account: 'a' } },
      tokens: { [token]: { appKey: 'k' } },
      devices: { [serial]: { account: 'a', ...device } },
    }),
  );
  return file;
}
