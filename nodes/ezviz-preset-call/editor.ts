// Edit dialog of ezviz-preset-call: its OPERATIONS row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { OPERATIONS, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(OPERATIONS['preset-call'], { family: 'preset', labelParams: ['presetName', 'index'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-preset-call', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-preset-call.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    index: v.index,
    indexType: v.indexType,
    presetName: v.presetName,
    presetNameType: v.presetNameType,
  },
  paletteLabel: d.paletteLabel,
  label: d.label,
  labelStyle: d.labelStyle,
  inputLabels: d.inputLabels,
  outputLabels: d.outputLabels,
  oneditprepare: d.oneditprepare,
  oneditsave: d.oneditsave,
  oneditcancel: d.oneditcancel,
});
