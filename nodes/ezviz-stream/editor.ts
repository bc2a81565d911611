// Edit dialog of ezviz-stream (docs/behaviour.md section 25): account, camera, quality, path,
// limits, the viewers' key (made here: 128 random bits, base64url) and the verification code.
// The URL with the key is shown only when asked for, and only for a key made or typed in this
// dialog (a deployed key is a credential Node-RED never sends back). Validation mirrors the
// runtime's nodes/ezviz-stream/stream-settings.ts. Shared code: resources/ezviz-editor.js.
import type { NodeInstance } from '../../editor/red';

const { configDefault, PACKAGE, SHARED_NS, cameraNodeLabels, input, installTemplate, row, tip, tNode, validator } =
  EzvizOpenEditor;

const TYPE = 'ezviz-stream';
const L = `${PACKAGE}/${TYPE}:${TYPE}`;

const num = (id: string, unit: string) => input(id, { width: '100px', unit: `${L}.unit.${unit}` });
const text = (id: string, ph?: string) =>
  input(id, { width: '70%', ...(ph ? { placeholder: `${L}.placeholder.${ph}` } : {}) });
const field = (name: string, icon: string, f: string, label = `${L}.label.${name}`) =>
  row({ id: `node-input-${name}`, icon, label, field: f });

installTemplate(
  TYPE,
  [
    field('config', 'fa-user', input('node-input-config'), `${SHARED_NS}:editor.config`),
    field('deviceSerial', 'fa-video-camera', text('node-input-deviceSerial', 'deviceSerial')),
    field('channelNo', 'fa-hashtag', input('node-input-channelNo', { width: '100px' })),
    field(
      'quality',
      'fa-film',
      `<select id="node-input-quality" style="width:70%">` +
        ['hd', 'smooth'].map((q) => `<option value="${q}" data-i18n="${L}.quality.${q}"></option>`).join('') +
        '</select>',
    ),
    field('path', 'fa-globe', text('node-input-path', 'path')),
    field('maxViewers', 'fa-users', input('node-input-maxViewers', { width: '100px' })),
    field('idleClose', 'fa-clock-o', num('node-input-idleClose', 'seconds')),
    field('maxMinutesPerDay', 'fa-hourglass-half', num('node-input-maxMinutesPerDay', 'minutes')),
    field(
      'key',
      'fa-key',
      input('node-input-key', { type: 'password', width: '45%' }) +
        ` <button type="button" class="red-ui-button" id="ezviz-stream-new-key" data-i18n="${L}.newKey"></button>`,
    ),
    `<div class="form-row"><label><i class="fa fa-link"></i> <span data-i18n="${L}.label.url"></span></label>` +
      `<button type="button" class="red-ui-button" id="ezviz-stream-show-url" data-i18n="${L}.copyUrl"></button></div>`,
    `<div class="form-row"><code id="ezviz-stream-url" style="word-break:break-all; display:none"></code></div>`,
    tip(`${L}.urlHint`, 'ezviz-stream-url-hint'),
    field(
      'verificationCode',
      'fa-lock',
      input('node-input-verificationCode', {
        type: 'password',
        width: '70%',
        placeholder: `${L}.placeholder.verificationCode`,
      }),
    ),
    field('name', 'fa-tag', text('node-input-name'), 'node-red:common.label.name'),
    tip(`${L}.tip`, 'ezviz-tip-stream'),
  ].join('\n'),
);

/** 128 random bits, base64url. */
function newKey(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return btoa(String.fromCharCode(...b))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const bad = (name: string) => tNode(TYPE, `${TYPE}.invalid.${name}`);
const whole = (name: string, min: number, max: number, empty = true) =>
  validator((v) => {
    if (empty && String(v ?? '').trim() === '') return true;
    const n = Number(v);
    return Number.isInteger(n) && n >= min && n <= max ? true : bad(name);
  });

function streamPath(node: NodeInstance): string {
  const given = String($('#node-input-path').val() ?? node.path ?? '').trim();
  if (given) return given;
  const serial = String($('#node-input-deviceSerial').val() ?? node.deviceSerial ?? '').toUpperCase();
  return `/ezviz/stream/${serial}-${String($('#node-input-channelNo').val() || 1)}.flv`;
}

function showUrl(node: NodeInstance): void {
  const key = String($('#node-input-key').val() ?? '');
  const root = String((RED.settings as unknown as { httpNodeRoot?: string }).httpNodeRoot ?? '/').replace(/\/+$/, '');
  const known = key !== '' && key !== '__PWRD__';
  const base = `${window.location.protocol}//${window.location.host}${root}${streamPath(node)}`;
  $('#ezviz-stream-url')
    .text(known ? `${base}?key=${encodeURIComponent(key)}` : base)
    .show();
  $('#ezviz-stream-url-hint').toggle(true);
}

const labels = cameraNodeLabels(TYPE, 'event');
// The type as a literal: the flow library's checks (node-red-dev) read only a literal here.
RED.nodes.registerType('ezviz-stream', {
  category: 'EZVIZ',
  color: '#A2CFE6',
  icon: 'ezviz-stream.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: configDefault(),
    name: { value: '' },
    deviceSerial: {
      value: '',
      validate: validator((v) => (/^[A-Za-z0-9]{1,32}$/.test(String(v ?? '').trim()) ? true : bad('deviceSerial'))),
    },
    channelNo: { value: 1, validate: whole('channelNo', 1, 256) },
    quality: { value: 'hd' },
    path: {
      value: '',
      validate: validator((v) => {
        const p = String(v ?? '').trim();
        if (p === '') return true;
        const ok = /^\/[A-Za-z0-9._~\-/]{1,200}$/.test(p) && !p.includes('//') && !p.split('/').includes('..');
        return ok ? true : bad('path');
      }),
    },
    maxViewers: { value: 8, validate: whole('maxViewers', 1, 100) },
    idleClose: { value: 10, validate: whole('idleClose', 0, 3600) },
    maxMinutesPerDay: { value: 0, validate: whole('maxMinutesPerDay', 0, 1440) },
  },
  credentials: {
    key: { type: 'password' },
    verificationCode: { type: 'password' },
  },
  paletteLabel: labels.paletteLabel,
  label: labels.label,
  labelStyle: labels.labelStyle,
  inputLabels: labels.inputLabels,
  outputLabels: labels.outputLabels,
  oneditprepare(this: NodeInstance) {
    const node = this;
    const creds = (node as unknown as { credentials?: { has_key?: boolean } }).credentials;
    if (!creds?.has_key && !String($('#node-input-key').val() ?? '')) $('#node-input-key').val(newKey());
    $('#node-input-quality').val(String(node.quality || 'hd'));
    $('#ezviz-stream-url-hint').hide();
    $('#ezviz-stream-new-key').on('click', () => {
      $('#node-input-key').val(newKey());
      $('#ezviz-stream-url').hide();
    });
    $('#ezviz-stream-show-url').on('click', () => showUrl(node));
  },
});
