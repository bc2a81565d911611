// ezviz-alarm's set-up (ezviz-alarm.ts): the node as an owner of the config node's calls, its source
// opened when it can (poll, consumer or webhook: features/alarms/sources.ts), else the error an
// input message gets; each event as the message it leaves with (docs/behaviour.md sections 11, 15
// and 17).

import type { Node, NodeAPI, NodeMessage } from 'node-red';
import { openSource, type AlarmSource, type OutEvent, type SourceOutcome } from '../../features/alarms/sources';
import { sourcedAlarm, type AlarmSourceKind } from '../../features/alarms/alarm-message';
import type { AlarmPayload } from '../../features/alarms/alarm-items';
import type { FedAlarm } from '../../client/service/alarm-feed';
import { pictureLine, type PictureFields, type SendEvent } from '../../features/alarms/alarm-pictures';
import { faceBookOf } from '../../features/alarms/face-list';
import { FaceLine } from '../../features/alarms/face-line';
import type { SourceResult } from '../../features/alarms/source-settings';
import { noConfigError, type ConfigNodeLike, type TokenStateListener } from '../../runtime/call-path/lifecycle';
import { EzvizError } from '../../client/errors/errors';
import { hooks } from '../../client/clock/clock';
import { StatusChanges } from '../../features/alarms/device-status';
import type { Translate } from '../../client/errors/translate';
import type { NodeStatus } from '../../runtime/call-path/node-status';
import { statusKey } from '../../runtime/i18n/status-keys';
import { ALARM_LIST } from '../../client/operations/alarm-calls';
import type { Owner } from '../../client/requests/call-types';
import type { TokenState } from '../../client/requests/token';

export type AlarmNode = Node & Owner & TokenStateListener & { credentials?: { secret?: string } };

/** What the service and the config node read of their owner and user: `closed`; no timed stops;
 * as the operation nodes, a token failure shows when this node's own poll fails. */
export function ownerParts(node: AlarmNode, closed: () => boolean): void {
  Object.defineProperty(node, 'closed', { get: closed });
  node.timedStopDone = () => undefined;
  node.tokenStateChanged = (_state: TokenState) => undefined;
}

/** Why this node cannot start its source (no config node, bad settings, no HTTP), shown and logged. */
function setupError(
  node: AlarmNode,
  t: Translate,
  status: NodeStatus,
  why: 'noConfig' | SourceResult | 'noHttp' | 'pathInUse',
  path = '',
): EzvizError | undefined {
  if (typeof why === 'object' && why.ok) return undefined;
  const local = (code: string, message: string, source: 'local' | 'validation' = 'local') =>
    new EzvizError({ code, message, operation: 'alarm-list', source, retriable: false });
  if (why === 'noConfig') {
    status.noConfig();
    return noConfigError(t, 'alarm-list');
  }
  const error =
    typeof why === 'object'
      ? local('10001', t('errors.alarmSetting', { param: why.param, value: why.value, min: why.min }), 'validation')
      : local('INVALID_CONFIG', t(why === 'noHttp' ? 'errors.webhookNoHttp' : 'errors.webhookPathInUse', { path }));
  node.status({ fill: 'red', shape: 'ring', text: statusKey('invalidSettings') });
  node.error(error.message);
  return error;
}

/** How an alarm is named: the runtime's language (the shared catalog says which), the account's face names. */
interface Naming {
  lang: 'en' | 'zh';
  faceName(id: string): string | undefined;
}

/** An alarm as the open panels hear it: a face named by the camera's list, else the config node's. */
function fedAlarm(alarm: AlarmPayload, faceName: Naming['faceName']): FedAlarm {
  const face = alarm.face;
  return face ? { ...alarm, face: { id: face.id, name: face.name ?? faceName(face.id) ?? null } } : alarm;
}

/** A face's name from the camera's own list first (docs/behaviour.md section 27); then each alarm is
 * told to the config node's open camera panels (client/service/alarm-feed.ts, docs/behaviour.md
 * section 21), before its picture is fetched; then `onward` (the picture, the message). */
function faceLine(node: AlarmNode, cfg: ConfigNodeLike, naming: Naming, onward: SendEvent): FaceLine {
  const feed = cfg.service.alarmFeed;
  return new FaceLine(faceBookOf(cfg.service), node, (e, from) => {
    if (e.kind === 'alarm') feed?.tell(fedAlarm(e.alarm, naming.faceName));
    onward(e, from);
  });
}

/** One event as the message it leaves with (docs/behaviour.md sections 11, 15, 17 and 27). */
function message(
  RED: NodeAPI,
  naming: Naming,
  e: Exclude<OutEvent, { kind: 'status' }>,
  source: AlarmSourceKind,
  picture?: PictureFields,
): NodeMessage {
  const ezviz = source === 'poll' ? { source, operation: ALARM_LIST.operation } : { source, messageId: e.messageId };
  const topic = e.kind === 'alarm' ? e.alarm.deviceSerial : e.event.deviceSerial;
  const payload =
    e.kind === 'alarm'
      ? { ...sourcedAlarm(e.alarm, source, naming.lang, naming.faceName), ...picture }
      : e.kind === 'message'
        ? { event: e.event.event, type: e.event.type, body: e.event.body }
        : { ...e.event };
  return { _msgid: RED.util.generateId(), topic, payload, ezviz } as NodeMessage;
}

/** Opens the node's source when it can (else the error an input message gets). */
export function start(
  RED: NodeAPI,
  node: AlarmNode,
  cfg: ConfigNodeLike | null,
  parsed: SourceResult,
  t: Translate,
  status: NodeStatus,
  report: (o: SourceOutcome) => void,
  onPicture: (fields: PictureFields | undefined) => void = () => undefined,
): { source?: AlarmSource; notReady?: EzvizError } {
  const notReady = setupError(node, t, status, cfg ? parsed : 'noConfig');
  if (!cfg || !parsed.ok) return { notReady };
  const { settings } = parsed;
  const naming: Naming = {
    lang: t('alarm.nameLanguage') === 'zh' ? 'zh' : 'en',
    faceName: (id) => cfg.faceNames?.get(id),
  };
  const changes = new StatusChanges();
  const send: SendEvent = (e, from, picture) => {
    if (e.kind === 'status') {
      // Battery and SD card, only when changed (docs/behaviour.md section 27); a read's source is `device`.
      const source = e.report.read ? 'device' : from;
      const ezviz = e.messageId ? { source, messageId: e.messageId } : { source };
      for (const p of changes.next(e.report)) {
        const payload = { ...p, source };
        node.send([{ _msgid: RED.util.generateId(), topic: p.deviceSerial, payload, ezviz } as NodeMessage, null]);
      }
      return;
    }
    node.send([message(RED, naming, e, from, picture), null]);
    onPicture(picture); // a failed picture shows in the status (docs/behaviour.md section 17)
  };
  const line = settings.picture === 'download' ? pictureLine(cfg.service, t, send) : undefined;
  const faces = faceLine(node, cfg, naming, line ? (e, from) => line.push(e, from) : send);
  const opened = openSource({
    RED,
    node,
    cfg,
    t,
    settings,
    secret: node.credentials?.secret ?? '',
    deployedAt: hooks.now(),
    report,
    emit: (e, from) => faces.push(e, from),
    pictures: {
      close: () => {
        faces.close();
        line?.close();
      },
    },
  });
  if (typeof opened === 'string') return { notReady: setupError(node, t, status, opened, settings.path) };
  if (settings.source === 'webhook') {
    // Without a signing secret anyone who knows the address can send alarms: said in yellow.
    const signed = !!node.credentials?.secret;
    node.status(
      signed
        ? { fill: 'grey', shape: 'ring', text: statusKey('webhookReady') }
        : { fill: 'yellow', shape: 'ring', text: statusKey('webhookUnsigned') },
    );
    if (!signed) node.warn(t('errors.webhookNoSecret', { path: settings.path }));
  }
  return { source: opened };
}
