// The camera picker of an operation dialog (docs/behaviour.md section 10): a button beside
// deviceSerial opens a searchable list of the account's devices and channels (editor/picker-list.ts);
// choosing one fills deviceSerial and channelNo as literals, and the capability box under it
// (editor/capacity-box.ts) shows what the device supports. Typing a serial and the other TypedInput
// types are untouched.
import type { OperationSpec } from '../client/operations/operations';
import { currentAccount, explainFailure, postAccount } from './account';
import { CHANNEL_FIELD, SERIAL_FIELD, setUpCapacityBox } from './capacity-box';
import { listHtml, STYLE, type Device } from './picker-list';
import { t } from './red';

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
  const loadCapacity = setUpCapacityBox(spec, capacityBox);
  const search = panel.find('.ezviz-picker-search').attr('placeholder', t('editor.account.search'));
  panel.find('.ezviz-picker-refresh').attr('title', t('editor.account.refresh'));
  const list = panel.find('.ezviz-picker-list');
  const status = panel.find('.ezviz-picker-status');

  let devices: Device[] | null = null;
  /** The account holds more than the runtime lists (it stops after 40 pages). */
  let truncated = false;
  let loadSeq = 0;

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
}
