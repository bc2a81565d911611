// Edit dialog of ezviz-setting: its UPKEEP_NODES row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { UPKEEP_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(UPKEEP_NODES.setting, { family: 'state', labelParams: ['setting'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-setting', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-setting.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    setting: v.setting,
    settingType: v.settingType,
    value: v.value,
    valueType: v.valueType,
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
