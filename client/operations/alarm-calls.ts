// The alarm node's calls (docs/behaviour.md section 15): the alarm list it polls and the message
// service's consumer it fetches from. Not operation nodes of their own: the alarm sources
// (alarms/sources.ts, alarms/consumer-round.ts) and the panel's events strip send them. Pure data.

import type { CallSpec, MqName } from './call-spec';

/** The alarm list polled by ezviz-alarm (docs/api/more-api.md): fields built by alarms/alarms.ts. */
export const ALARM_LIST: Readonly<CallSpec> = Object.freeze({
  operation: 'alarm-list',
  path: '/api/lapp/alarm/list',
  section: 'alarm',
  idempotent: true,
  cameraQueue: false,
  waitsOnRateLimit: true,
  params: [],
});

/** A camera's face library, `data [{faceId, name}]` (docs/api/events-api.md section 3.2): GET with
 * the serial in the query and the token in a header, as the vendor's page says; the page is for one
 * device family (confidence low for others). FACE_LIST_POST is the same call as a v3 POST, tried once
 * when the GET is refused as a method or a path (features/alarms/face-list.ts). */
export const FACE_LIST: Readonly<CallSpec> = Object.freeze({
  operation: 'face-list',
  path: '/api/v3/device/life/remind/face/recognize/list',
  section: 'alarm',
  idempotent: true,
  cameraQueue: false,
  envelope: 'v3',
  method: 'GET',
  params: [],
});
export const FACE_LIST_POST: Readonly<CallSpec> = Object.freeze({ ...FACE_LIST, method: undefined });

/** The message service's consumer (docs/api/watch-api.md section 5; seen in independent clients, no
 * official page): create a consumer of a group (1 to 5, in the path), fetch its messages, commit.
 * A fetch without preCommit hands the same messages out again until they are committed, so it
 * may be retried; creating a consumer twice only leaves one to expire. */
const mq = (operation: MqName, path: string): Readonly<CallSpec> =>
  Object.freeze({
    operation,
    path,
    section: 'mq',
    idempotent: true,
    cameraQueue: false,
    waitsOnRateLimit: true,
    params: [],
  });
export const MQ = Object.freeze({
  /** Create a consumer of group `g` (1..5): data.consumerId. */
  consumer: Object.freeze([1, 2, 3, 4, 5].map((g) => mq('mq-consumer', `/api/lapp/mq/v1/consumer/group${g}`))),
  /** consumerId, preCommit: data is an array of messages. */
  messages: mq('mq-messages', '/api/lapp/mq/v1/consumer/messages'),
  /** consumerId: commits what the consumer fetched. */
  offsets: mq('mq-offsets', '/api/lapp/mq/v1/consumer/offsets'),
});
