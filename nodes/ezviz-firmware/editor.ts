// Edit dialog of ezviz-firmware: its UPKEEP_NODES row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { UPKEEP_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(UPKEEP_NODES.firmware, { family: 'state', labelParams: ['action'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-firmware', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-firmware.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    action: v.action,
    actionType: v.actionType,
    progress: v.progress,
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
