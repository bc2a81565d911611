// The kinds and names of the operations' parameters, and one parameter's row of the operation
// table (operations/operations.ts). Pure: the editor bundles it.

export type ParamKind =
  | 'serial' // string of letters/digits, sent upper-case
  | 'channel' // integer >= 1
  | 'direction' // 0..11 or 16, or a name of DIRECTIONS
  | 'speed' // 0..2 or a name of SPEEDS
  | 'mirror' // 0..2 or a name of MIRROR_COMMANDS
  | 'index' // preset number, integer >= 1
  | 'presetName' // local name of a preset (never sent)
  | 'cardPassword' // secret, sent, never shown
  | 'phone' // digits, optional leading +
  | 'immediately' // 0/1, yes/no, true/false
  | 'duration' // ms, 0 = until a stop (never sent)
  | 'switch' // a switch name of SWITCHES (switches.ts)
  | 'switchState' // on/off, true/false, 1/0, sleep/home/away, short/long/mute
  | 'verificationCode' // the device's verification code: secret
  // live addresses (operations/live.ts)
  | 'protocol' // a name of LIVE_PROTOCOLS or 1..5
  | 'quality' // hd, smooth or 1, 2
  | 'lifetime' // s, 30..62208000
  | 'source' // live, sd-card, cloud or 1..3
  | 'playbackTime' // a Date, ms, an ISO text or yyyy-MM-dd HH:mm:ss -> yyyy-MM-dd HH:mm:ss
  // recordings (operations/recordings.ts)
  | 'recordSource' // auto, cloud, sd-card or 0..2
  | 'recordTime' // a Date, ms, an ISO text or yyyy-MM-dd HH:mm:ss -> epoch ms
  // clips (operations/clips.ts)
  | 'clipSource' // as recordSource; an alarm's poll, consumer or webhook read as auto
  | 'clipAround' // s before / after an alarm, 0..300
  | 'clipSeconds' // s, 1..600
  | 'clipBytes' // bytes, 64 KiB..1 GiB
  | 'clipTimeout' // s, 1..3600
  | 'clipWait' // s, 0..3600
  | 'clipFormat' // mp4 or flv
  // settings and firmware (operations/settings.ts)
  | 'setting' // a name of SETTINGS
  | 'settingValue' // a setting's value as people give it (checked against the setting by the service)
  | 'firmwareAction' // check or upgrade
  // the alarm hub and the siren (operations/hub.ts, operations/siren.ts)
  | 'hubAction' // list, arm, clear or rename
  | 'hubMode' // home, away, sleep or the API's safeMode 0, 1, 2
  | 'onOff' // on/off, true/false, 1/0, yes/no -> 1/0
  | 'detectorName' // a detector's new name: 1..49 letters, digits, blanks, - _ . ( )
  | 'sirenAction' // start, stop or tone
  | 'tone' // beep, alarm, mute or the API's voiceIndex 200, 201, 202
  | 'volume'; // 1..100

export type ParamName =
  | 'deviceSerial'
  | 'channelNo'
  | 'direction'
  | 'speed'
  | 'command'
  | 'index'
  | 'presetName'
  | 'cardPassword'
  | 'phone'
  | 'isImmediately'
  | 'duration'
  | 'switch'
  | 'state'
  | 'verificationCode'
  // ezviz-live
  | 'protocol'
  | 'quality'
  | 'expire'
  | 'source'
  | 'start'
  | 'end'
  // ezviz-clip
  | 'alarmTime'
  | 'before'
  | 'after'
  | 'format'
  | 'maxSeconds'
  | 'maxBytes'
  | 'timeout'
  | 'waitFor'
  // API fields of the camera-state calls (state-calls.ts), never node properties
  | 'enable'
  | 'isDefence'
  | 'type'
  | 'validateCode'
  | 'channel'
  // ezviz-setting and ezviz-firmware; the API fields of their calls
  | 'setting'
  | 'value'
  | 'action'
  | 'startTime'
  | 'stopTime'
  | 'period'
  // ezviz-hub and ezviz-siren; the API fields of their calls
  | 'detectorSerial'
  | 'mode'
  | 'armed'
  | 'detectorName'
  | 'tone'
  | 'volume'
  | 'status';

export interface ParamSpec {
  name: ParamName;
  kind: ParamKind;
  /** Required for the request. `index` of preset-call/clear may be replaced by `presetName`. */
  required: boolean;
  /** false: used by the node itself (duration, presetName) and never sent to the API. */
  sent: boolean;
  /** Secret: never in logs, status, messages, errors or the editor (credential in the editor). */
  secret?: boolean;
  /** The API's name of the parameter where it differs from the node's (live `expire` is sent as
   * `expireTime`, `verificationCode` as `code`). */
  apiName?: string;
}

/** The settings and upkeep nodes (docs/behaviour.md section 20: ezviz-setting, ezviz-firmware); kept
 * here beside the parameters for operations.ts's 200 lines, which re-exports them. */
export type UpkeepNodeName = 'setting' | 'firmware';

/** Their calls (docs/api/media-api.md sections 5 and 6; operations/settings.ts). */
export type UpkeepCallName =
  | 'sensitivity-get'
  | 'sensitivity-set'
  | 'schedule-get'
  | 'schedule-set'
  | 'infrared-get'
  | 'infrared-set'
  | 'firmware-version'
  | 'firmware-upgrade'
  | 'firmware-status';

/** The recordings' call and the settings and upkeep nodes and calls: the rest of operations.ts's CallName. */
export type UpkeepName = 'video-by-time' | UpkeepNodeName | UpkeepCallName;
