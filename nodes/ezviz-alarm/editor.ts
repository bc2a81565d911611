// Edit dialog of ezviz-alarm: account, poll interval, optional device and alarm-type filters.
// Validation uses the runtime's own reading of the settings (nodes/shared/events/alarms.ts). Shared
// code: resources/ezviz-editor.js (nodes/shared/editor/index.ts), loaded by the HTML first.
import type { NodeInstance } from '../shared/editor/red';

const {
  alarmSettings, CONFIG_TYPE, DEFAULT_INTERVAL_S, MAX_INTERVAL_S, MIN_INTERVAL_S, PACKAGE, SHARED_NS, input, installTemplate,
  row, t, tip, tNode, validator,
} = EzvizOpenEditor;

const TYPE = 'ezviz-alarm';
const NS = `${PACKAGE}/${TYPE}`;

installTemplate(TYPE, [
  row({ id: 'node-input-config', icon: 'fa-user', label: `${SHARED_NS}:editor.config`, field: input('node-input-config') }),
  row({ id: 'node-input-interval', icon: 'fa-clock-o', label: `${NS}:${TYPE}.label.interval`,
    field: input('node-input-interval', { width: '100px', unit: `${NS}:${TYPE}.unit.seconds` }) }),
  row({ id: 'node-input-deviceSerial', icon: 'fa-video-camera', label: `${NS}:${TYPE}.label.deviceSerial`,
    field: input('node-input-deviceSerial', { width: '70%', placeholder: `${NS}:${TYPE}.placeholder.deviceSerial` }) }),
  row({ id: 'node-input-alarmType', icon: 'fa-filter', label: `${NS}:${TYPE}.label.alarmType`,
    field: input('node-input-alarmType', { width: '70%', placeholder: `${NS}:${TYPE}.placeholder.alarmType` }) }),
  row({ id: 'node-input-name', icon: 'fa-tag', label: 'node-red:common.label.name',
    field: input('node-input-name', { width: '70%', placeholder: 'node-red:common.label.name' }) }),
  tip(`${NS}:${TYPE}.tip`, 'ezviz-tip-alarm'),
].join('\n'));

/** A validator of one setting: the runtime's reading of it, alone. */
const setting = (name: 'interval' | 'deviceSerial' | 'alarmType') => validator((value) => {
  const r = alarmSettings({ [name]: value });
  if (!r.ok) return tNode(TYPE, `${TYPE}.invalid.${name}`, { min: MIN_INTERVAL_S, max: MAX_INTERVAL_S });
  if (r.clamped) return tNode(TYPE, `${TYPE}.invalid.interval`, { min: MIN_INTERVAL_S, max: MAX_INTERVAL_S });
  return true;
});

RED.nodes.registerType('ezviz-alarm', {
  category: 'EZVIZ', color: '#76B4D4', icon: 'ezviz-alarm.svg', inputs: 1, outputs: 2,
  defaults: {
    config: {
      value: '', type: CONFIG_TYPE, validate: validator((v) => {
        const config = v ? (RED.nodes.node(v) as unknown as { type?: string; valid?: boolean } | null) : null;
        if (!config || config.type !== CONFIG_TYPE) return t('editor.invalid.config');
        return config.valid === false ? t('editor.invalid.configInvalid') : true;
      }),
    },
    name: { value: '' },
    interval: { value: DEFAULT_INTERVAL_S, validate: setting('interval') },
    deviceSerial: { value: '', validate: setting('deviceSerial') },
    alarmType: { value: '', validate: setting('alarmType') },
  },
  paletteLabel: () => tNode(TYPE, `${TYPE}.paletteLabel`),
  label(this: NodeInstance) {
    if (this.name) return String(this.name);
    const base = tNode(TYPE, `${TYPE}.label.node`);
    const serial = String(this.deviceSerial ?? '').trim();
    return serial ? t('editor.labelDetail', { base, detail: serial.toUpperCase() }) : base;
  },
  labelStyle(this: NodeInstance) {
    return this.name ? 'node_label_italic' : 'node_label';
  },
  inputLabels: () => tNode(TYPE, `${TYPE}.inputLabel`),
  outputLabels: (index: number) => tNode(TYPE, index === 0 ? `${TYPE}.outputs.alarm` : `${TYPE}.outputs.error`),
});
