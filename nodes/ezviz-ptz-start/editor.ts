// Edit dialog of ezviz-ptz-start: its OPERATIONS row, registered by a literal (see setUpOperationNode).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.
export {};

const { OPERATIONS, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(OPERATIONS['ptz-start'], { family: 'ptz', labelParams: ['direction'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-ptz-start', {
  category: 'EZVIZ',
  color: '#8AC2DD',
  icon: 'ezviz-ptz-start.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
    channelNo: v.channelNo,
    channelNoType: v.channelNoType,
    direction: v.direction,
    directionType: v.directionType,
    speed: v.speed,
    speedType: v.speedType,
    duration: v.duration,
    durationType: v.durationType,
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
