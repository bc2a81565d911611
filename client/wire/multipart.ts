// A multipart/form-data body (the voice upload, docs/api/media-api.md section 3): the token
// first, then the fields, then the file part. Built in memory (a voice file is at most 5 MB) and
// sent by the client like a form, within the same deadline and limits. Pure apart from the
// boundary's randomness, which the caller passes in.

/** A file part. */
export interface FilePart {
  /** The field's name (`voiceFile`). */
  field: string;
  filename: string;
  contentType: string;
  data: Uint8Array;
}

/** Field names and values go into quoted headers: no quote, CR or LF may break out of them. */
const quoted = (s: string): string => s.replace(/["\r\n\\]/g, '_');

/** The body and its Content-Type for `fields` (and the token, first) and `file`. */
export function multipartBody(
  fields: Record<string, string | number>,
  accessToken: string | undefined,
  file: FilePart,
  boundary: string,
): { body: Buffer; contentType: string } {
  const parts: Buffer[] = [];
  const text = (name: string, value: string) =>
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
        'utf8',
      ),
    );
  if (accessToken !== undefined) text('accessToken', accessToken);
  for (const k in fields) text(k, String(fields[k]));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; ` +
        `filename="${quoted(file.filename)}"\r\nContent-Type: ${quoted(file.contentType)}\r\n\r\n`,
      'utf8',
    ),
  );
  parts.push(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength));
  parts.push(Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
