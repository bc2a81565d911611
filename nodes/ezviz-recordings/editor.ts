// Edit dialog of ezviz-recordings: its STATE_NODES row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { STATE_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(STATE_NODES.recordings, { family: 'capture', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-recordings', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-recordings.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    source: v.source,
    sourceType: v.sourceType,
    start: v.start,
    startType: v.startType,
    end: v.end,
    endType: v.endType,
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
