// Edit dialog of ezviz-voice: its MEDIA_NODES row (the camera; msg.payload is the audio), registered
// by a literal (see setUpOperationNode). The camera picker shows the "no speaker" hint from the
// device's capacity (support_talk). Shared code: resources/ezviz-editor.js (editor/index.ts).
export {};

const { MEDIA_NODES, setUpOperationNode } = EzvizOpenEditor;

const d = setUpOperationNode(MEDIA_NODES.voice, { family: 'capture', labelParams: ['deviceSerial'] });
const v = d.defaults;
RED.nodes.registerType('ezviz-voice', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-voice.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: v.config,
    name: v.name,
    deviceSerial: v.deviceSerial,
    deviceSerialType: v.deviceSerialType,
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
