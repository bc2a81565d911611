// A message of a type the alarm node does not map (docs/behaviour.md section 19, option `others`):
// its type, its body as it came (JSON, at most MAX_OTHER_BODY) and its device. Pure.

/** A message of a type the node does not map (docs/behaviour.md section 19, option `others`). */
export interface OtherMessage {
  event: 'message';
  type: string;
  /** The message's body as it came (JSON), null when it is over MAX_OTHER_BODY as JSON. */
  body: unknown;
  /** The device serial (header.deviceId), '' when the message has none. */
  deviceSerial: string;
}

/** Largest body of an `others` message passed on (64 KiB as JSON). */
export const MAX_OTHER_BODY = 64 * 1024;

export function otherMessage(header: Record<string, unknown>, body: unknown): OtherMessage | undefined {
  const type = header.type;
  if (typeof type !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(type)) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(body ?? null);
  } catch {
    json = undefined;
  }
  const serial =
    typeof header.deviceId === 'string' && /^[A-Za-z0-9]{1,64}$/.test(header.deviceId) ? header.deviceId : '';
  return {
    event: 'message',
    type,
    body: json !== undefined && json.length <= MAX_OTHER_BODY ? JSON.parse(json) : null,
    deviceSerial: serial.toUpperCase(),
  };
}
