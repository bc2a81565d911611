// Edit dialog of ezviz-siren: its SIREN_NODE row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { SIREN_NODE, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(SIREN_NODE, { family: 'state', labelParams: ['action'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-siren', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-siren.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    action: v.action,
    actionType: v.actionType,
    tone: v.tone,
    toneType: v.toneType,
    volume: v.volume,
    volumeType: v.volumeType,
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
