// Edit dialog of ezviz-capture: its OPERATIONS row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { OPERATIONS, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(OPERATIONS.capture, { family: 'capture', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-capture', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-capture.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    verificationCode: v.verificationCode,
    verificationCodeType: v.verificationCodeType,
    download: v.download,
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
