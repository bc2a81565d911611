// multipart/form-data bodies (the voice upload and sendonce, docs/api/media-api.md section 3):
// text parts become fields, parts with a filename become files. Anything malformed yields no
// fields and no files (the handler then answers 10001 for what is missing).

import type { FilePart } from './common';

export interface Multipart {
  fields: URLSearchParams;
  files: Record<string, FilePart>;
}

const EMPTY = (): Multipart => ({ fields: new URLSearchParams(), files: {} });

/** The parts of `raw` for the Content-Type `contentType`. */
export function parseMultipart(raw: Buffer, contentType: string): Multipart {
  const m = /^multipart\/form-data\s*;.*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  if (!m) return EMPTY();
  const delim = Buffer.from(`--${m[1] ?? m[2]}`);
  const out = EMPTY();
  let at = raw.indexOf(delim);
  if (at < 0) return out;
  for (let guard = 0; guard < 64; guard++) {
    const start = at + delim.length;
    if (raw.subarray(start, start + 2).toString() === '--') return out;
    const next = raw.indexOf(delim, start);
    if (next < 0) return EMPTY();
    const part = raw.subarray(start + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return EMPTY();
    const head = part.subarray(0, split).toString('utf8');
    const data = part.subarray(split + 4);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
    if (name !== undefined) {
      if (filename !== undefined) out.files[name] = { filename, contentType: type.trim(), data: Buffer.from(data) };
      else out.fields.append(name, data.toString('utf8'));
    }
    at = next;
  }
  return EMPTY();
}
