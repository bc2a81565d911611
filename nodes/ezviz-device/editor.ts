// Edit dialog of ezviz-device: its STATE_NODES row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { STATE_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(STATE_NODES.device, { family: 'state', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-device', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-device.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    watch: v.watch,
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
