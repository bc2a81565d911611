// The camera picker and the capability hints of an operation dialog (docs/behaviour.md section 10): a
// button beside deviceSerial opens a searchable list of the account's devices and channels
// (name, serial, model, online state); choosing one fills deviceSerial and channelNo as literals.
// Then the device's capabilities (device/capacity) are shown with hints where the chosen
// operation or value is not supported: hints only, nothing is refused (the data can be wrong).
// Typing a serial and the other TypedInput types are untouched.
import { capacityHints, capacitySummary, type Capacity } from '../client/operations/capacity';
import type { OperationSpec } from '../client/operations/operations';
import { accountOfConfig, explainFailure, postAccount, type AccountBody } from './account';
import { esc, t } from './red';

interface Channel {
  channelNo: number;
  name: string;
  online: boolean | null;
}
interface Device {
  serial: string;
  name: string;
  model: string;
  online: boolean | null;
  channels: Channel[];
}

const SERIAL_FIELD = '#node-input-deviceSerial';
const CHANNEL_FIELD = '#node-input-channelNo';

/** Account of the config node chosen in the open dialog, or what is missing (a translated text). */
function currentAccount(): AccountBody | string {
  const a = accountOfConfig(String($('#node-input-config').val() || ''));
  return 'missing' in a ? t(`editor.account.missing.${a.missing}`) : a;
}

function stateText(online: boolean | null): string {
  return online === null ? '' : t(online ? 'editor.account.online' : 'editor.account.offline');
}

/** The whole row as text, for its tooltip (a narrow dialog cuts the row off). */
function tooltip(d: Device, c: Channel | null): string {
  const online = c ? c.online : d.online;
  const parts = [d.name || d.serial, d.serial, d.model];
  if (c) parts.push(`${c.name ? `${c.name}, ` : ''}${t('editor.account.channel', { n: c.channelNo })}`);
  return [...parts, stateText(online)].filter((x) => x).join(' · ');
}

/** One row of the list: a selectable channel, or the heading of a device with several channels. */
function itemHtml(d: Device, c: Channel | null, multi: boolean): string {
  const online = c ? c.online : d.online;
  const state =
    online === null
      ? ''
      : `<span class="ezviz-picker-state ezviz-picker-${online ? 'online' : 'offline'}">${esc(stateText(online))}</span>`;
  if (multi && !c) {
    return (
      `<li class="ezviz-picker-device" data-serial="${esc(d.serial)}" title="${esc(tooltip(d, null))}"><i class="fa fa-server"></i> ` +
      `<b>${esc(d.name || d.serial)}</b> <code>${esc(d.serial)}</code> <span class="ezviz-picker-model">${esc(d.model)}</span> ${state}</li>`
    );
  }
  const ch = c || d.channels[0];
  const label = multi
    ? `${esc(ch.name || t('editor.account.channel', { n: ch.channelNo }))}`
    : `<b>${esc(d.name || d.serial)}</b>`;
  const detail = multi
    ? esc(t('editor.account.channel', { n: ch.channelNo }))
    : `<code>${esc(d.serial)}</code> <span class="ezviz-picker-model">${esc(d.model)}</span>`;
  return (
    `<li class="ezviz-picker-item${multi ? ' ezviz-picker-channel' : ''}" tabindex="0" data-serial="${esc(d.serial)}" ` +
    `title="${esc(tooltip(d, multi ? ch : null))}" ` +
    `data-channel="${ch.channelNo}"><i class="fa ${multi ? 'fa-video-camera' : 'fa-camera'}"></i> ${label} ${detail} ${state}</li>`
  );
}

/** The words a search matches for a device (and its channels). */
function haystack(d: Device, c: Channel | null): string {
  return [d.name, d.serial, d.model, c ? c.name : '', c ? String(c.channelNo) : ''].join(' ').toLowerCase();
}

export function listHtml(devices: Device[], query: string): string {
  const q = query.trim().toLowerCase();
  const rows: string[] = [];
  for (const d of devices) {
    const multi = d.channels.length > 1;
    if (!multi) {
      if (!q || haystack(d, d.channels[0] || null).includes(q)) rows.push(itemHtml(d, null, false));
      continue;
    }
    const deviceHit = !q || haystack(d, null).includes(q);
    const channels = d.channels.filter((c) => deviceHit || haystack(d, c).includes(q));
    if (!channels.length) continue;
    rows.push(itemHtml(d, null, true));
    for (const c of channels) rows.push(itemHtml(d, c, true));
  }
  return rows.join('');
}

const STYLE = `<style id="ezviz-picker-style">
.ezviz-picker { margin-left: 0; width: 100%; box-sizing: border-box; }
.ezviz-picker-bar { display: flex; gap: 4px; }
.ezviz-picker-bar input { flex: 1; }
.ezviz-picker-list { list-style: none; margin: 4px 0 0; padding: 0; max-height: 240px; overflow-y: auto;
  border: 1px solid var(--red-ui-form-input-border-color, #ccc); border-radius: 4px; }
.ezviz-picker-list:empty { display: none; }
.ezviz-picker-list li { padding: 3px 6px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.ezviz-picker-item { cursor: pointer; }
.ezviz-picker-item:hover, .ezviz-picker-item:focus { background: var(--red-ui-list-item-background-hover, #eee); }
.ezviz-picker-channel { padding-left: 22px !important; }
.ezviz-picker-device { color: var(--red-ui-secondary-text-color, #555); }
.ezviz-picker-model { color: var(--red-ui-secondary-text-color, #888); font-size: 0.9em; }
.ezviz-picker-state { font-size: 0.85em; padding: 0 4px; border-radius: 3px; }
.ezviz-picker-online { color: #3a7d29; }
.ezviz-picker-offline { color: #b2420f; }
.ezviz-picker-status { margin-top: 4px; }
.ezviz-capacity { margin-left: 105px; width: calc(100% - 105px); box-sizing: border-box; }
.ezviz-capacity ul { margin: 2px 0 0 16px; }
</style>`;

/** Sets deviceSerial (and channelNo) to the chosen camera, as literals. */
function fill(serial: string, channel: number, spec: OperationSpec): void {
  const s = $(SERIAL_FIELD);
  s.typedInput('type', 'str');
  s.typedInput('value', serial);
  if (spec.params.some((p) => p.name === 'channelNo')) {
    const c = $(CHANNEL_FIELD);
    c.typedInput('type', 'num');
    c.typedInput('value', String(channel));
  }
  s.trigger('change');
}

/** Literal values of the dialog a hint depends on. */
function literal(name: 'direction' | 'command' | 'switch' | 'source' | 'setting'): string | undefined {
  const f = $(`#node-input-${name}`);
  if (!f.length) return undefined;
  const type = String(f.typedInput('type'));
  return ['msg', 'flow', 'global', 'env'].includes(type) ? undefined : String(f.typedInput('value') ?? '');
}

/** Adds the picker and the capability box to the open dialog of an operation with a deviceSerial. */
export function setUpPicker(spec: OperationSpec): void {
  if (!spec.params.some((p) => p.name === 'deviceSerial')) return;
  if (!$('#ezviz-picker-style').length) $('head').append(STYLE);
  const serialField = $(SERIAL_FIELD);
  serialField.typedInput('width', 'calc(70% - 40px)');
  const serialRow = serialField.closest('.form-row');
  const button = $(
    '<button type="button" class="red-ui-button ezviz-picker-open" style="margin-left:4px"><i class="fa fa-search"></i></button>',
  ).attr('title', t('editor.account.pick'));
  serialRow.append(button);
  const after = spec.params.some((p) => p.name === 'channelNo') ? $(CHANNEL_FIELD).closest('.form-row') : serialRow;
  const panel = $('<div class="form-row ezviz-picker" style="display:none"></div>').html(
    '<div class="ezviz-picker-bar"><input type="text" class="ezviz-picker-search">' +
      '<button type="button" class="red-ui-button ezviz-picker-refresh"><i class="fa fa-refresh"></i></button></div>' +
      '<ul class="ezviz-picker-list"></ul><div class="ezviz-picker-status"></div>',
  );
  const capacityBox = $('<div class="form-row ezviz-capacity" style="display:none"></div>');
  after.after(panel);
  panel.after(capacityBox);
  const search = panel.find('.ezviz-picker-search').attr('placeholder', t('editor.account.search'));
  panel.find('.ezviz-picker-refresh').attr('title', t('editor.account.refresh'));
  const list = panel.find('.ezviz-picker-list');
  const status = panel.find('.ezviz-picker-status');

  let devices: Device[] | null = null;
  /** The account holds more than the runtime lists (it stops after 40 pages). */
  let truncated = false;
  let loadSeq = 0;
  let capacity: { serial: string; channel?: number; capacity: Capacity } | null = null;
  let capSeq = 0;

  const render = (): void => {
    if (!devices) return;
    list.html(listHtml(devices, String(search.val() || '')));
    if (!devices.length) status.text(t('editor.account.empty'));
    else if (!list.children().length)
      status.text(t(truncated ? 'editor.account.noMatchTruncated' : 'editor.account.noMatch'));
    else status.text(truncated ? t('editor.account.truncated') : '');
  };

  const load = (refresh: boolean): void => {
    const account = currentAccount();
    devices = null;
    list.empty();
    if (typeof account === 'string') {
      status.text(account);
      return;
    }
    const seq = ++loadSeq;
    status.text(t('editor.account.loading'));
    void postAccount<{ devices: Device[]; truncated?: boolean }>('cameras', { ...account, refresh }).then((answer) => {
      if (seq !== loadSeq) return;
      if (!answer.ok) {
        status.text(explainFailure(answer));
        return;
      }
      devices = Array.isArray(answer.devices) ? answer.devices : [];
      truncated = answer.truncated === true;
      render();
      search.trigger('focus');
    });
  };

  const renderCapacity = (): void => {
    if (!capacity) {
      capacityBox.hide().empty();
      return;
    }
    const c = capacity.capacity;
    const has = capacitySummary(c).map((k) => t(`editor.capacity.has.${k}`));
    const head = has.length
      ? t('editor.capacity.supports', { serial: capacity.serial, list: has.join(', ') })
      : t('editor.capacity.nothing', { serial: capacity.serial });
    const hints = capacityHints(c, spec.operation, {
      direction: literal('direction'),
      command: literal('command'),
      switch: literal('switch'),
      source: literal('source'),
      setting: literal('setting'),
    });
    capacityBox.empty().show();
    $('<div class="ezviz-capacity-summary"><i class="fa fa-info-circle"></i> </div>')
      .append($('<span>').text(head))
      .appendTo(capacityBox);
    if (hints.length) {
      const ul = $('<ul class="ezviz-capacity-hints"></ul>').appendTo(capacityBox);
      for (const h of hints) {
        $('<li class="ezviz-capacity-hint"><i class="fa fa-exclamation-triangle"></i> </li>')
          .attr('data-hint', h.key)
          .append($('<span>').text(t(`editor.capacity.${h.key}`, h.args)))
          .appendTo(ul);
      }
      $('<div class="ezviz-capacity-note"></div>').text(t('editor.capacity.note')).appendTo(capacityBox);
    }
  };

  const loadCapacity = (serial: string, channel: number | undefined, quiet: boolean): void => {
    const account = currentAccount();
    capacity = null;
    renderCapacity();
    if (typeof account === 'string') return;
    const seq = ++capSeq;
    if (!quiet) capacityBox.show().text(t('editor.capacity.loading'));
    void postAccount<{ capacity: Capacity }>('capacity', { ...account, deviceSerial: serial, channelNo: channel }).then(
      (answer) => {
        if (seq !== capSeq) return;
        if (answer.ok && answer.capacity) {
          capacity = { serial, channel, capacity: answer.capacity };
          renderCapacity();
        } else if (!answer.ok && !quiet) {
          capacityBox.show().text(t('editor.capacity.failed', { reason: explainFailure(answer) }));
        } else {
          capacityBox.hide();
        }
      },
    );
  };

  button.on('click', (e) => {
    e.preventDefault();
    if (panel.is(':visible')) {
      panel.hide();
      return;
    }
    panel.show();
    if (!devices) load(false);
    else search.trigger('focus');
  });
  panel.find('.ezviz-picker-refresh').on('click', (e) => {
    e.preventDefault();
    load(true);
  });
  search.on('input', render);
  const choose = (item: JQuery): void => {
    const serial = String(item.attr('data-serial'));
    const channel = Number(item.attr('data-channel'));
    fill(serial, channel, spec);
    panel.hide();
    loadCapacity(serial, channel, false);
  };
  list.on('click', '.ezviz-picker-item', function (this: HTMLElement) {
    choose($(this));
  });
  list.on('keydown', '.ezviz-picker-item', function (this: HTMLElement, e: JQuery.KeyDownEvent) {
    if (e.key === 'Enter') {
      e.preventDefault();
      choose($(this));
    }
  });
  $('#node-input-config').on('change', () => {
    devices = null;
    list.empty();
    status.text('');
    if (panel.is(':visible')) load(false);
  });
  $('#node-input-direction, #node-input-command, #node-input-switch, #node-input-source, #node-input-setting').on(
    'change',
    renderCapacity,
  );

  /** The capabilities of the serial (and channel) typed in the dialog now, quietly; none for
   * another type or a serial being typed (the hint once kept naming the previous serial). */
  let shownFor = '';
  const followSerial = (): void => {
    const type = String(serialField.typedInput('type'));
    const serial = String(serialField.typedInput('value') || '')
      .trim()
      .toUpperCase();
    const chType = $(CHANNEL_FIELD).length ? String($(CHANNEL_FIELD).typedInput('type')) : '';
    const ch = Number($(CHANNEL_FIELD).length ? $(CHANNEL_FIELD).typedInput('value') : NaN);
    const channel = chType === 'num' && Number.isInteger(ch) && ch >= 1 ? ch : undefined;
    const key = type === 'str' && /^[A-Z0-9]{9,64}$/.test(serial) ? `${serial}/${channel ?? ''}` : '';
    if (key === shownFor) return;
    shownFor = key;
    if (capacity && key === `${capacity.serial}/${capacity.channel ?? ''}`) return; // just chosen in the picker
    if (key) loadCapacity(serial, channel, true);
    else {
      ++capSeq;
      capacity = null;
      renderCapacity();
    }
  };
  serialField.on('change', followSerial);
  $(CHANNEL_FIELD).on('change', followSerial);
  followSerial(); // a dialog opened on a typed serial
}
