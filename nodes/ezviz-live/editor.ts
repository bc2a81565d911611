// Edit dialog of ezviz-live: its OPERATIONS row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { OPERATIONS, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(OPERATIONS.live, { family: 'capture', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-live', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-live.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    protocol: v.protocol,
    protocolType: v.protocolType,
    quality: v.quality,
    qualityType: v.qualityType,
    expire: v.expire,
    expireType: v.expireType,
    source: v.source,
    sourceType: v.sourceType,
    start: v.start,
    startType: v.startType,
    end: v.end,
    endType: v.endType,
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
