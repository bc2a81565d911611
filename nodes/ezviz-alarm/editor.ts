// Edit dialog of ezviz-alarm: account, where alarms come from (poll, the message service's
// consumer, webhook pushes) with what each needs (interval; group; path, the full URL to register,
// the signing secret and the trusted reverse proxies), the online/offline option, optional device, alarm-type and kind filters
// (the kinds by name, docs/behaviour.md section 27).
// Validation uses the runtime's own reading of the settings (features/alarms/source-settings.ts).
// Its rows: editor-dialog.ts. Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by
// the HTML first.
import type { NodeInstance } from '../../editor/red';
import { dialogHtml } from './editor-dialog';

const {
  DEFAULT_INTERVAL_S,
  DEFAULT_PATH,
  INTERVAL_LIMITS,
  cameraNodeLabels,
  checkedValues,
  configDefault,
  MAX_INTERVAL_S,
  SOURCES,
  installTemplate,
  setChecked,
  sourceSettings,
  tNode,
  validator,
} = EzvizOpenEditor;

const TYPE = 'ezviz-alarm';
type Source = (typeof SOURCES)[number];

installTemplate(TYPE, dialogHtml());

/** A validator of one setting: the runtime's reading of it, with the node's source. */
type Setting =
  'interval' | 'deviceSerial' | 'alarmType' | 'kinds' | 'source' | 'group' | 'path' | 'picture' | 'trustedProxies';
const setting = (name: Setting) =>
  validator(function (value) {
    // While the dialog is open its source field counts (the node's property changes on Done).
    const open = $('#node-input-source');
    const source = name === 'source' ? value : String((open.length ? open.val() : undefined) || this.source || 'poll');
    const limits = INTERVAL_LIMITS[source as Source] ?? INTERVAL_LIMITS.poll;
    const r = sourceSettings({ source, [name]: value });
    const args = { min: limits.min, max: MAX_INTERVAL_S };
    if (!r.ok) return tNode(TYPE, `${TYPE}.invalid.${r.param}`, args);
    if (r.clamped) return tNode(TYPE, `${TYPE}.invalid.interval`, args);
    return true;
  });

/** The URL to register in the vendor's console: https, this editor's host, httpNodeRoot, the path. */
function webhookUrl(path: string): string {
  const root = String((RED.settings as unknown as { httpNodeRoot?: string }).httpNodeRoot ?? '/').replace(/\/+$/, '');
  const p = String(path || DEFAULT_PATH).trim();
  return `https://${window.location.host}${root}${p.startsWith('/') ? p : `/${p}`}`;
}

/** A webhook without a signing secret accepts a push from anyone: the dialog says so (so does the status). */
function showNoSecret(): void {
  const webhook = String($('#node-input-source').val() || 'poll') === 'webhook';
  $('#ezviz-alarm-no-secret').toggle(webhook && !String($('#node-input-secret').val() ?? ''));
}

/** Shows what the chosen source needs, and its interval's default when the interval was the other's. */
function showSource(previous: Source | undefined): void {
  const source = String($('#node-input-source').val() || 'poll') as Source;
  for (const s of SOURCES) $(`#ezviz-alarm-needs-${s}`).toggle(s === source);
  $('#ezviz-alarm-row-group').toggle(source === 'consumer');
  $('#ezviz-alarm-row-interval').toggle(source !== 'webhook');
  for (const id of ['path', 'url', 'secret', 'trustedProxies'])
    $(`#ezviz-alarm-row-${id}`).toggle(source === 'webhook');
  showNoSecret();
  for (const id of ['onoffline', 'calls', 'others']) $(`#ezviz-alarm-row-${id}`).toggle(source !== 'poll');
  $('label[for="node-input-interval"] span').text(
    tNode(TYPE, `${TYPE}.label.${source === 'consumer' ? 'fetchInterval' : 'interval'}`),
  );
  const interval = $('#node-input-interval');
  if (previous && previous !== source && Number(interval.val()) === INTERVAL_LIMITS[previous].def) {
    interval.val(INTERVAL_LIMITS[source].def);
  }
  interval.trigger('change'); // validated again with this source's minimum
}

const labels = cameraNodeLabels(TYPE, 'alarm');
RED.nodes.registerType('ezviz-alarm', {
  category: 'EZVIZ',
  color: '#76B4D4',
  icon: 'ezviz-alarm.svg',
  inputs: 1,
  outputs: 2,
  defaults: {
    config: configDefault(),
    name: { value: '' },
    source: { value: 'poll', validate: setting('source') },
    group: { value: 1, validate: setting('group') },
    interval: { value: DEFAULT_INTERVAL_S, validate: setting('interval') },
    path: { value: DEFAULT_PATH, validate: setting('path') },
    trustedProxies: { value: '', validate: setting('trustedProxies') },
    onoffline: { value: false },
    status: { value: false },
    calls: { value: false },
    others: { value: false },
    picture: { value: 'url', validate: setting('picture') },
    deviceSerial: { value: '', validate: setting('deviceSerial') },
    alarmType: { value: '', validate: setting('alarmType') },
    kinds: { value: [] as unknown as string, validate: setting('kinds') },
  },
  credentials: {
    secret: { type: 'password' },
  },
  paletteLabel: labels.paletteLabel,
  label: labels.label,
  labelStyle: labels.labelStyle,
  inputLabels: labels.inputLabels,
  outputLabels: labels.outputLabels,
  oneditprepare(this: NodeInstance) {
    $('#node-input-group option').each(function () {
      $(this).text(tNode(TYPE, `${TYPE}.group`, { n: String($(this).val()) }));
    });
    $('#node-input-group').val(String(this.group || 1));
    let previous = String(this.source || 'poll') as Source;
    $('#node-input-source')
      .val(previous)
      .on('change', () => {
        showSource(previous);
        previous = String($('#node-input-source').val()) as Source;
      });
    const showUrl = () => $('#ezviz-alarm-url').text(webhookUrl(String($('#node-input-path').val() ?? '')));
    $('#node-input-path').on('input change', showUrl);
    $('#node-input-secret').on('input change', showNoSecret);
    showUrl();
    $('#node-input-picture')
      .val(String(this.picture || 'url'))
      .on('change', () => {
        $('#ezviz-alarm-needs-download').toggle($('#node-input-picture').val() === 'download');
      })
      .trigger('change');
    setChecked('ezviz-alarm-kinds', (this as unknown as { kinds?: unknown }).kinds);
    showSource(undefined);
  },
  oneditsave(this: NodeInstance) {
    (this as unknown as { kinds: string[] }).kinds = checkedValues('ezviz-alarm-kinds');
  },
});
