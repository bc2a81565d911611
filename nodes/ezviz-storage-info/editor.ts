// Edit dialog of ezviz-storage-info: its OPERATIONS row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { OPERATIONS, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(OPERATIONS['storage-info'], { family: 'storage', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-storage-info', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-storage-info.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    phone: v.phone,
    phoneType: v.phoneType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
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
