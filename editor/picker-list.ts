// The camera picker's list (docs/behaviour.md section 10): one row per device, or a heading and a row
// per channel for a device with several, filtered by a search; each row names the device, its serial,
// model and online state (and the whole of it in its tooltip). Pure text; editor/picker.ts shows it.
import { esc, t } from './red';

export interface Channel {
  channelNo: number;
  name: string;
  online: boolean | null;
}
export interface Device {
  serial: string;
  name: string;
  model: string;
  online: boolean | null;
  channels: Channel[];
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

export const STYLE = `<style id="ezviz-picker-style">
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
