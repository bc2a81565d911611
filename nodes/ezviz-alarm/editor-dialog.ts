// The ezviz-alarm dialog's rows (nodes/ezviz-alarm/editor.ts installs them and shows those the
// chosen source needs): account, source with what each needs (group; interval; path, the full URL to
// register, the signing secret and the trusted proxies), the online/offline, status, calls and other options, the
// picture, the device, alarm-type and kind filters, the name and a tip (editor/template.ts nodeDialog).
// Shared code: resources/ezviz-editor.js (editor/index.ts), loaded by the HTML first.

const { GROUPS, KINDS, PACKAGE, PICTURE_MODES, SOURCES, checkList, input, nodeDialog, row, select, settingRows, tip } =
  EzvizOpenEditor;

const TYPE = 'ezviz-alarm';
const L = `${PACKAGE}/${TYPE}:${TYPE}`;
/** A setting's row (editor/template.ts settingRows); `true` last: shown or hidden by the source. */
const own = settingRows(L, `${TYPE}-row-`);
const options = (values: readonly string[], key: string) =>
  values.map((v) => [v, `${L}.${key}.${v}`] as [string, string]);

/** The rows, all of them: the editor shows and hides those of the chosen source. */
export function dialogHtml(): string {
  return nodeDialog(
    [
      own('source', 'fa-sign-in', (id) => select(id, options(SOURCES, 'source'))),
      ...SOURCES.map((s) => tip(`${L}.needs.${s}`, `${TYPE}-needs-${s}`)),
      own(
        'group',
        'fa-users',
        (id) =>
          select(
            id,
            GROUPS.map((g) => [String(g), '']),
          ),
        true,
      ),
      own('interval', 'fa-clock-o', (id) => input(id, { width: '100px', unit: `${L}.unit.seconds` }), true),
      own('path', 'fa-globe', 'text', true),
      `<div class="form-row" id="${TYPE}-row-url"><label><i class="fa fa-link"></i> <span data-i18n="${L}.label.url"></span></label>` +
        `<code id="${TYPE}-url" style="word-break:break-all"></code></div>`,
      own(
        'secret',
        'fa-key',
        (id) => input(id, { type: 'password', width: '70%', placeholder: `${L}.placeholder.secret` }),
        true,
      ),
      tip(`${L}.noSecret`, `${TYPE}-no-secret`),
      own('trustedProxies', 'fa-exchange', 'text', true),
      own('onoffline', 'fa-plug', 'check', true),
      own('status', 'fa-battery-half', 'check'),
      own('calls', 'fa-bell', 'check', true),
      own('others', 'fa-envelope-o', 'check', true),
      own('picture', 'fa-picture-o', (id) => select(id, options(PICTURE_MODES, 'picture'))),
      tip(`${L}.needs.download`, `${TYPE}-needs-download`),
      own('deviceSerial', 'fa-video-camera', 'text'),
      own('alarmType', 'fa-filter', 'text'),
      row({
        id: `${TYPE}-kinds`,
        icon: 'fa-eye',
        label: `${L}.label.kinds`,
        field: checkList(`${TYPE}-kinds`, KINDS, `${L}.kinds`),
      }),
      tip(`${L}.tipKinds`, `${TYPE}-tip-kinds`),
    ],
    `${L}.tip`,
    'ezviz-tip-alarm',
  );
}
