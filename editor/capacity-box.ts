// The capability hints under an operation dialog's camera (docs/behaviour.md section 10): the chosen
// device's capabilities (device/capacity), with a hint where the dialog's operation or literal value
// is not supported. Hints only, nothing is refused (the data can be wrong). editor/picker.ts adds the
// box and tells it which camera was chosen; the box follows a serial typed in the dialog itself.
import { capacityHints, capacitySummary, type Capacity } from '../client/operations/capacity';
import type { OperationSpec } from '../client/operations/operations';
import { currentAccount, explainFailure, postAccount } from './account';
import { t } from './red';

export const SERIAL_FIELD = '#node-input-deviceSerial';
export const CHANNEL_FIELD = '#node-input-channelNo';

/** Literal values of the dialog a hint depends on. */
function literal(name: 'direction' | 'command' | 'switch' | 'source' | 'setting'): string | undefined {
  const f = $(`#node-input-${name}`);
  if (!f.length) return undefined;
  const type = String(f.typedInput('type'));
  return ['msg', 'flow', 'global', 'env'].includes(type) ? undefined : String(f.typedInput('value') ?? '');
}

/** The box's text: what the device supports, and the hints for this dialog's operation and values. */
function renderInto(box: JQuery, spec: OperationSpec, shown: { serial: string; capacity: Capacity } | null): void {
  if (!shown) {
    box.hide().empty();
    return;
  }
  const c = shown.capacity;
  const has = capacitySummary(c).map((k) => t(`editor.capacity.has.${k}`));
  const head = has.length
    ? t('editor.capacity.supports', { serial: shown.serial, list: has.join(', ') })
    : t('editor.capacity.nothing', { serial: shown.serial });
  const hints = capacityHints(c, spec.operation, {
    direction: literal('direction'),
    command: literal('command'),
    switch: literal('switch'),
    source: literal('source'),
    setting: literal('setting'),
  });
  box.empty().show();
  $('<div class="ezviz-capacity-summary"><i class="fa fa-info-circle"></i> </div>')
    .append($('<span>').text(head))
    .appendTo(box);
  if (hints.length) {
    const ul = $('<ul class="ezviz-capacity-hints"></ul>').appendTo(box);
    for (const h of hints) {
      $('<li class="ezviz-capacity-hint"><i class="fa fa-exclamation-triangle"></i> </li>')
        .attr('data-hint', h.key)
        .append($('<span>').text(t(`editor.capacity.${h.key}`, h.args)))
        .appendTo(ul);
    }
    $('<div class="ezviz-capacity-note"></div>').text(t('editor.capacity.note')).appendTo(box);
  }
}

/** Sets up the box (already in the dialog): returns `load`, for the camera chosen in the picker. */
export function setUpCapacityBox(
  spec: OperationSpec,
  box: JQuery,
): (serial: string, channel: number | undefined, quiet: boolean) => void {
  let capacity: { serial: string; channel?: number; capacity: Capacity } | null = null;
  let capSeq = 0;
  const render = (): void => renderInto(box, spec, capacity);

  const load = (serial: string, channel: number | undefined, quiet: boolean): void => {
    const account = currentAccount();
    capacity = null;
    render();
    if (typeof account === 'string') return;
    const seq = ++capSeq;
    if (!quiet) box.show().text(t('editor.capacity.loading'));
    void postAccount<{ capacity: Capacity }>('capacity', { ...account, deviceSerial: serial, channelNo: channel }).then(
      (answer) => {
        if (seq !== capSeq) return;
        if (answer.ok && answer.capacity) {
          capacity = { serial, channel, capacity: answer.capacity };
          render();
        } else if (!answer.ok && !quiet) {
          box.show().text(t('editor.capacity.failed', { reason: explainFailure(answer) }));
        } else {
          box.hide();
        }
      },
    );
  };

  $('#node-input-direction, #node-input-command, #node-input-switch, #node-input-source, #node-input-setting').on(
    'change',
    render,
  );

  /** The capabilities of the serial (and channel) typed in the dialog now, quietly; none for
   * another type or a serial being typed (the hint once kept naming the previous serial). */
  const serialField = $(SERIAL_FIELD);
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
    if (key) load(serial, channel, true);
    else {
      ++capSeq;
      capacity = null;
      render();
    }
  };
  serialField.on('change', followSerial);
  $(CHANNEL_FIELD).on('change', followSerial);
  followSerial(); // a dialog opened on a typed serial
  return load;
}
