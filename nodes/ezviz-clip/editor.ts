// Edit dialog of ezviz-clip: its MEDIA_NODES row (the camera, the source, the window or the alarm's
// time, the bounds and the format), registered by a literal (see setUpOperationNode). Shared code:
// resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { MEDIA_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(MEDIA_NODES.clip, { family: 'capture', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-clip', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-clip.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    source: v.source,
    sourceType: v.sourceType,
    start: v.start,
    startType: v.startType,
    end: v.end,
    endType: v.endType,
    alarmTime: v.alarmTime,
    alarmTimeType: v.alarmTimeType,
    before: v.before,
    beforeType: v.beforeType,
    after: v.after,
    afterType: v.afterType,
    format: v.format,
    formatType: v.formatType,
    maxSeconds: v.maxSeconds,
    maxSecondsType: v.maxSecondsType,
    maxBytes: v.maxBytes,
    maxBytesType: v.maxBytesType,
    timeout: v.timeout,
    timeoutType: v.timeoutType,
    waitFor: v.waitFor,
    waitForType: v.waitForType,
    verificationCode: v.verificationCode,
    verificationCodeType: v.verificationCodeType,
  },
  credentials: { verificationCode: d.credentials.verificationCode },
  paletteLabel: d.paletteLabel,
  label: d.label,
  labelStyle: d.labelStyle,
  inputLabels: d.inputLabels,
  outputLabels: d.outputLabels,
  oneditprepare: d.oneditprepare,
  oneditsave: d.oneditsave,
  oneditcancel: d.oneditcancel,
});
