// Edit dialog of ezviz-hub: its HUB_NODE row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { HUB_NODE, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(HUB_NODE, { family: 'state', labelParams: ['action'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-hub', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-hub.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    action: v.action,
    actionType: v.actionType,
    detectorSerial: v.detectorSerial,
    detectorSerialType: v.detectorSerialType,
    mode: v.mode,
    modeType: v.modeType,
    armed: v.armed,
    armedType: v.armedType,
    detectorName: v.detectorName,
    detectorNameType: v.detectorNameType,
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
