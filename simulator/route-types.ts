// The shapes of the simulator's route table (routes.ts): the operations it serves, the message-text
// groups, a parameter and a route; and the parameter rows every route list builds from.

/** The token path (docs/behaviour.md section 7) and every operation the simulator serves. */
export type RouteOp =
  | 'token'
  | 'storage-open'
  | 'storage-info'
  | 'ptz-start'
  | 'ptz-stop'
  | 'ptz-mirror'
  | 'preset-add'
  | 'preset-move'
  | 'preset-clear'
  | 'device-list'
  | 'camera-list'
  | 'device-capacity'
  | 'device-capture'
  | 'alarm-list'
  | 'alarm-device-list'
  | 'live-address'
  | 'live-address-intl'
  | 'video-by-time' // docs/api/media-api.md section 2.1: recordings by time
  // docs/api/watch-api.md section 5: the message service's consumer
  | 'mq-consumer'
  | 'mq-messages'
  | 'mq-offsets'
  // docs/api/watch-api.md sections 2-4 (areas/switches.ts)
  | 'defence-set'
  | 'switch-set'
  | 'switch-status'
  | 'encrypt-on'
  | 'encrypt-off'
  | 'alarm-sound-set'
  | 'device-info'
  | 'device-status'
  // docs/api/media-api.md section 3 (areas/voice.ts)
  | 'voice-upload'
  | 'voice-send'
  | 'voice-sendonce'
  // docs/api/media-api.md sections 5 and 6 (routes-upkeep.ts)
  | 'sensitivity-get'
  | 'sensitivity-set'
  | 'schedule-get'
  | 'schedule-set'
  | 'infrared-get'
  | 'infrared-set'
  | 'version-info'
  | 'upgrade'
  | 'upgrade-status'
  // docs/api/hub-api.md sections 1 and 2 (routes-hub.ts)
  | 'detector-list'
  | 'detector-status-set'
  | 'detector-cancel-alarm'
  | 'detector-name-change'
  | 'device-defence'
  | 'device-audition'
  // docs/api/events-api.md section 3.2 (areas/faces.ts)
  | 'face-list';

/** Message-text group: a section of the seed spec, the token path, or one of the more-api calls. */
export type Section =
  | '4.1'
  | '4.2'
  | '4.3'
  | '4.4'
  | '4.5'
  | '4.6'
  | '4.7'
  | '4.8'
  | 'token'
  | 'list'
  | 'capacity'
  | 'capture'
  | 'alarm'
  | 'live'
  | 'mq'
  | 'switch'
  | 'device'
  | 'voice'
  | 'recordings'
  | 'setting'
  | 'firmware'
  | 'hub'
  | 'siren';

/** Parameter types: `string` (trimmed, non-empty), `int` (decimal digits, optional minus sign), `phone` (5-20 digits,
 * optional +), `ignored` (accepted unchecked: capture `quality`, documented as having no effect). An int may list its
 * allowed values or a range. */
export interface RouteParam {
  name: string;
  type: 'string' | 'int' | 'phone' | 'ignored';
  required: boolean;
  /** Secret: masked in the request log and in GET /sim/state. */
  secret?: boolean;
  values?: readonly number[];
  min?: number;
  max?: number;
}

export interface Route {
  path: string;
  op: RouteOp;
  section: Section;
  /** Every parameter the documents list, accessToken included (token/get has none). */
  params: readonly RouteParam[];
  /** Codes this path answers besides 200 and the common ones (table 7.1); fault injection aside. */
  codes: readonly string[];
  /** The body is multipart/form-data (its file parts reach the handler as CallContext.files). */
  multipart?: boolean;
  /** `v3`: the token and the serial in headers, `{meta: {code, message}, data}` replies with HTTP
   * 4xx for errors; `result`: the detector list's `{result: {code, msg, data}}` (envelopes.ts). */
  envelope?: 'v3' | 'result';
  /** The method the path takes (the face list: GET, as its page says); default POST. Any other: 405. */
  method?: 'GET';
}

export const str = (name: string, required: boolean, extra: Partial<RouteParam> = {}): RouteParam =>
  Object.freeze({ name, type: 'string', required, ...extra });
export const int = (name: string, required: boolean, extra: Partial<RouteParam> = {}): RouteParam =>
  Object.freeze({ name, type: 'int', required, ...extra });

export const token = str('accessToken', true, { secret: true });
export const serial = str('deviceSerial', true);
export const optChannel = int('channelNo', false);
