// The body of a request: the `lapp` form (the token first, then the fields) and the v3 calls' headers,
// body or query (docs/api/hub-api.md section 3). Pure.

import type { ReplyShape } from './wire';

/** The form-encoded body: the token first, then the fields. */
export function formBody(fields: Record<string, string | number>, accessToken: string | undefined): string {
  let body = accessToken === undefined ? '' : 'accessToken=' + encodeURIComponent(accessToken);
  for (const k in fields) {
    if (body) body += '&';
    body += encodeURIComponent(k) + '=' + encodeURIComponent(String(fields[k]));
  }
  return body;
}

/** How a call differs from the `lapp` form (the operation table's `envelope`, `query` and `method`). */
export interface PostShape {
  envelope?: ReplyShape;
  /** A v3 call's fields (the serial aside) in the URL's query instead of the body. */
  query?: boolean;
  /** `GET`: a v3 call with every field, the serial too, in the query (no body). */
  method?: 'GET';
}

/** A v3 call (docs/api/hub-api.md section 3): the token and the serial in headers, the other fields
 * in the form body or the query. */
export function v3Request(
  url: string,
  fields: Record<string, string | number>,
  accessToken: string | undefined,
  query: boolean | undefined,
  method?: 'GET',
): { url: string; body: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (accessToken !== undefined) headers.accessToken = accessToken;
  if (method === 'GET') {
    const all = formBody(fields, undefined);
    return { url: all ? `${url}${url.includes('?') ? '&' : '?'}${all}` : url, body: '', headers };
  }
  const { deviceSerial, ...rest } = fields;
  if (deviceSerial !== undefined) headers.deviceSerial = String(deviceSerial);
  const form = formBody(rest, undefined);
  if (!query || !form) return { url, body: form, headers };
  return { url: `${url}${url.includes('?') ? '&' : '?'}${form}`, body: '', headers };
}
