// The EZVIZ sidebar's section of one account (plugins/ezviz-sidebar/editor.ts shows one per
// deployed account, docs/behaviour.md section 23): the token, the devices, the API calls of the last
// hour and today with their failures, the limits reached with what to do, the alarm sources (each a
// link to its node) and the stream minutes per camera today. Every text from the runtime is set as
// text, never as HTML.

import type { CallCounts } from '../../client/requests/usage-types';
import type { SourceEntry } from '../../client/service/source-book';
import type { AccountUsage } from '../../runtime/account/usage-reply';

declare const RED: {
  _(key: string, args?: Record<string, string | number>): string;
  view: { reveal(id: string): void };
};

const NS = 'node-red-contrib-ezviz-open/ezviz-sidebar';
export const tr = (key: string, args?: Record<string, string | number>): string => RED._(`${NS}:${key}`, args);

export const time = (ms: number): string => new Date(ms).toLocaleTimeString();
const dateTime = (ms: number): string => new Date(ms).toLocaleString();

export function el(tag: string, text?: string, cls?: string): JQuery {
  const e = $(`<${tag}>`);
  if (text !== undefined) e.text(text);
  if (cls) e.addClass(cls);
  return e;
}

function tokenLine(a: AccountUsage): JQuery {
  const s = a.token.state;
  const text =
    s === 'ok'
      ? a.token.usableUntil
        ? tr('token.ok', { until: dateTime(a.token.usableUntil) })
        : tr('token.okTyped')
      : tr(`token.${s}`);
  return el('div', text, s === 'ok' ? 'ezviz-sb-good' : s === 'none' ? 'ezviz-sb-muted' : 'ezviz-sb-bad');
}

function sum(byCode: Record<string, number> | undefined): number {
  return Object.values(byCode ?? {}).reduce((a, b) => a + b, 0);
}

function callsTable(a: AccountUsage): JQuery {
  const { lastHour, today } = a.calls;
  const paths = Object.keys({ ...today, ...lastHour }).sort(
    (x, y) => sum(today[y]) - sum(today[x]) || x.localeCompare(y),
  );
  if (!paths.length) return el('div', tr('calls.none'), 'ezviz-sb-muted');
  const table = el('table');
  table.append(
    el('tr').append(el('th', tr('calls.path')), el('th', tr('calls.hour'), 'n'), el('th', tr('calls.today'), 'n')),
  );
  for (const p of paths) {
    const row = el('tr');
    const cell = el('td').append(el('div', p, 'ezviz-sb-path'));
    const failures = failureList(today, p);
    if (failures) cell.append(el('div', tr('calls.failures', { list: failures }), 'ezviz-sb-bad'));
    row.append(cell, el('td', String(sum(lastHour[p])), 'n'), el('td', String(sum(today[p])), 'n'));
    table.append(row);
  }
  table.append(
    el('tr').append(
      el('th', tr('calls.total')),
      el('th', String(a.calls.totals.lastHour), 'n'),
      el('th', String(a.calls.totals.today), 'n'),
    ),
  );
  return table;
}

/** "10029 ×3, ECONNRESET ×1" of one path today (outcomes other than 200). */
function failureList(counts: CallCounts, path: string): string {
  return Object.entries(counts[path] ?? {})
    .filter(([code]) => code !== '200')
    .map(([code, n]) => `${code} ×${n}`)
    .join(', ');
}

function limitsList(a: AccountUsage): JQuery {
  const box = el('div');
  if (!a.calls.limits.length) return box.append(el('div', tr('limits.none'), 'ezviz-sb-muted'));
  const codes = new Set<string>();
  for (const l of a.calls.limits.slice(0, 5)) {
    box.append(el('div', tr('limits.entry', { time: dateTime(l.at), code: l.code, path: l.path }), 'ezviz-sb-bad'));
    codes.add(l.code);
  }
  for (const c of codes) box.append(el('div', tr(`limits.${c}`), 'ezviz-sb-hint'));
  return box;
}

function sourceState(s: SourceEntry): JQuery {
  const box = el('td');
  if (s.staleSince !== undefined)
    box.append(el('div', tr('sources.stale', { time: time(s.staleSince) }), 'ezviz-sb-warn'));
  box.append(
    el(
      'div',
      s.lastOkAt !== undefined
        ? tr('sources.ok', { time: time(s.lastOkAt), count: s.lastCount ?? 0 })
        : tr('sources.never'),
      s.lastOkAt !== undefined ? '' : 'ezviz-sb-muted',
    ),
  );
  if (s.failuresInRow > 0 && s.lastFailAt !== undefined) {
    box.append(
      el(
        'div',
        tr('sources.failing', { count: s.failuresInRow, time: time(s.lastFailAt), code: s.lastError?.code ?? '' }),
        'ezviz-sb-bad',
      ).attr('title', [s.lastError?.message, s.lastError?.hint].filter(Boolean).join('\n')),
    );
  }
  if (s.refused) box.append(el('div', tr('sources.refused', { count: s.refused }), 'ezviz-sb-warn'));
  return box;
}

function sourcesTable(a: AccountUsage): JQuery {
  if (!a.sources.length) return el('div', tr('sources.none'), 'ezviz-sb-muted');
  const table = el('table');
  table.append(el('tr').append(el('th', tr('sources.node')), el('th', tr('sources.last'))));
  for (const s of a.sources) {
    const name = s.name || s.id;
    const link = el('a', name)
      .attr({ href: '#', title: tr('sources.reveal', { name }) })
      .on('click', (e) => {
        e.preventDefault();
        RED.view.reveal(s.id);
      });
    table.append(
      el('tr').append(el('td').append(link, el('div', tr(`kinds.${s.kind}`), 'ezviz-sb-muted')), sourceState(s)),
    );
  }
  return table;
}

/** The cameras its stream nodes serve: camera minutes today (what a metered live service counts). */
function streamsTable(a: AccountUsage): JQuery {
  const table = el('table');
  table.append(
    el('tr').append(
      el('th', tr('streams.camera')),
      el('th', tr('streams.minutes'), 'n'),
      el('th', tr('streams.viewers'), 'n'),
    ),
  );
  for (const c of a.streams) {
    const name = tr('streams.channel', { serial: c.deviceSerial, channel: c.channelNo });
    table.append(
      el('tr').append(el('td', name), el('td', c.minutes.toFixed(1), 'n'), el('td', String(c.viewers), 'n')),
    );
  }
  return table;
}

export function accountSection(a: AccountUsage, open: boolean): JQuery {
  const details = el('details').attr('data-account', a.id);
  if (open) details.attr('open', 'open');
  details.append(el('summary', tr('account', { name: a.name || a.id, host: a.host })));
  const body = el('div', undefined, 'ezviz-sb-body');
  body.append(el('h4', tr('token.title')), tokenLine(a));
  body.append(
    el('h4', tr('devices.title')),
    el(
      'div',
      a.devices
        ? tr('devices.counts', { online: a.devices.online, offline: a.devices.offline, time: time(a.devices.at) })
        : tr('devices.unknown'),
      a.devices ? '' : 'ezviz-sb-muted',
    ),
  );
  body.append(el('h4', tr('calls.title')), callsTable(a));
  body.append(el('h4', tr('limits.title')), limitsList(a));
  body.append(el('h4', tr('sources.title')), sourcesTable(a));
  if (a.streams?.length) body.append(el('h4', tr('streams.title')), streamsTable(a));
  return details.append(body);
}
