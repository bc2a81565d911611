// The EZVIZ sidebar tab (docs/behaviour.md section 23), editor part (browser): per deployed account
// the token, the devices, the API calls of the last hour and today, the limits reached with what to
// do, the alarm sources, and the stream minutes per camera today. It asks the runtime's admin
// route `ezviz-open/usage` (a relative URL, so httpAdminRoot and adminAuth apply) every 5 s while
// the tab is shown and the page visible; it makes no API call of its own. One account's section:
// editor-sections.ts.

import type { UsageReply } from '../../runtime/account/usage-reply';
import { accountSection, el, time, tr } from './editor-sections';

declare const RED: {
  plugins: { registerPlugin(id: string, def: { type?: string; onadd?(): void }): void };
  sidebar: { addTab(def: Record<string, unknown>): void; show(id: string): void };
  actions: { add(name: string, fn: () => void): void };
};

const TAB = 'ezviz';
const REFRESH_MS = 5000;

function render(list: JQuery, reply: UsageReply): void {
  // Sections keep the open/closed state a person gave them, the keyboard focus and the scroll.
  const closed = new Set(
    list
      .find('details:not([open])')
      .map((_i, d) => $(d).attr('data-account'))
      .get(),
  );
  const active = document.activeElement;
  const focused = active && list[0].contains(active) ? $(active).closest('details').attr('data-account') : undefined;
  const scroll = list.parent().scrollTop() ?? 0;
  list.empty();
  if (!reply.accounts.length) list.append(el('p', tr('none'), 'ezviz-sb-muted'));
  for (const a of reply.accounts) list.append(accountSection(a, !closed.has(a.id)));
  list.parent().scrollTop(scroll);
  if (focused !== undefined)
    list
      .find('details')
      .filter((_i, d) => $(d).attr('data-account') === focused)
      .find('summary')
      .trigger('focus');
}

function addTab(): void {
  const content = el('div', undefined, 'ezviz-sidebar').attr('id', 'ezviz-sidebar');
  const toolbar = el('div', undefined, 'red-ui-sidebar-header');
  const stamp = el('span', '', 'ezviz-sb-muted').attr('aria-live', 'polite');
  const button = el('button', undefined, 'red-ui-sidebar-header-button')
    .attr({ type: 'button', title: tr('refresh'), 'aria-label': tr('refresh') })
    .append('<i class="fa fa-refresh"></i>');
  toolbar.append(button, ' ', stamp);
  const list = el('div').appendTo(content);
  let busy = false;
  const refresh = (): void => {
    if (busy) return;
    busy = true;
    $.ajax({ url: 'ezviz-open/usage', method: 'POST', contentType: 'application/json', data: '{}', dataType: 'json' })
      .done((reply: UsageReply) => {
        render(list, reply);
        stamp.text(tr('updated', { time: time(Date.now()) }));
      })
      .fail((xhr) => stamp.text(tr('failed', { reason: String(xhr.status || 'network') })))
      .always(() => {
        busy = false;
      });
  };
  button.on('click', refresh);
  const shown = (): boolean => content.is(':visible') && document.visibilityState === 'visible';
  setInterval(() => {
    if (shown()) refresh();
  }, REFRESH_MS);
  RED.actions.add('ezviz:show-ezviz-tab', () => RED.sidebar.show(TAB));
  RED.sidebar.addTab({
    id: TAB,
    label: tr('label'),
    name: tr('name'),
    iconClass: 'fa fa-video-camera',
    content,
    toolbar,
    action: 'ezviz:show-ezviz-tab',
    enableOnEdit: true,
    onchange: refresh,
  });
}

RED.plugins.registerPlugin('ezviz-sidebar', { onadd: addTab });
