// Edit dialog of ezviz-switch: its STATE_NODES row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { STATE_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(STATE_NODES.switch, { family: 'state', labelParams: ['switch'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-switch', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-switch.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    switch: v.switch,
    switchType: v.switchType,
    state: v.state,
    stateType: v.stateType,
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
