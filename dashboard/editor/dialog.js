// The edit dialogs of the panel (ui-ezviz-camera) and the wall (ui-ezviz-wall), browser code: what
// both dialogs share. Copied by the build to resources/ezviz-dashboard-editor.js, which Node-RED
// serves at resources/node-red-dashboard-2-ezviz/ezviz-dashboard-editor.js; each dialog's HTML loads
// it first and reads the global EzvizDashboardEditor. A dialog is a table of rows (`rows`), each row
// a label (icon and catalog text) and its field, built once into the dialog's template, so the rows
// both dialogs have (Dashboard 2's group and size, the account, the camera picker, the live view's
// quality and protocol, the users allowed to move and to switch) are written here once.
(function () {
  'use strict';
  if (window.EzvizDashboardEditor) return;

  /** A row: `type` the node type (its catalog), `field` the setting (node-input-<field>), `icon` Font
   * Awesome's, `html` the field(s); `labelFor` false when the label names no one field; `cls` more
   * classes of the row. Elements are apart by a space, as a template's line breaks would be. */
  function row(type, field, icon, html, options) {
    const o = options || {};
    const target = o.labelFor === false ? '' : ` for="node-input-${field}"`;
    const label = `<label${target}><i class="fa fa-${icon}"></i> <span data-i18n="${type}.label.${field}"></span></label>`;
    return `<div class="form-row${o.cls ? ' ' + o.cls : ''}">${label} ${html}</div>`;
  }

  /** A text field; `placeholder` names its catalog key under <type>.placeholder (true: the field's own). */
  function text(type, field, icon, options) {
    const o = options || {};
    const key = o.placeholder === true ? field : o.placeholder;
    const hint = key ? ` data-i18n="[placeholder]${type}.placeholder.${key}"` : '';
    const style = o.style ? ` style="${o.style}"` : '';
    return row(type, field, icon, `<input type="text" id="node-input-${field}"${hint}${style}>${o.after || ''}`, o);
  }

  /** A whole number from `min` to `max`, with its unit (a catalog key under <type>.label) after it. */
  function number(type, field, icon, min, max, unit) {
    const input = `<input type="number" id="node-input-${field}" min="${min}" max="${max}" style="width: 100px">`;
    return row(type, field, icon, input + (unit ? ` <span data-i18n="${type}.label.${unit}"></span>` : ''));
  }

  /** The rows every Dashboard 2 widget of this package starts with: name, group, size, the EZVIZ account. */
  function widgetRows(type) {
    const size =
      '<input type="hidden" id="node-input-width"> <input type="hidden" id="node-input-height"> ' +
      '<button class="editor-button" id="node-input-size"></button>';
    return [
      text(type, 'name', 'tag'),
      text(type, 'group', 'table'),
      row(type, 'size', 'object-group', size, { labelFor: false }),
      text(type, 'config', 'cog'),
    ];
  }

  /** The camera picker's two fields (serial and channel); `after` follows the channel. */
  function cameraRows(type, options) {
    const o = options || {};
    return [
      text(type, 'deviceSerial', 'video-camera', { placeholder: true, cls: o.cls }),
      text(type, 'channelNo', 'hashtag', { style: 'width: 80px', cls: o.cls, after: o.after }),
    ];
  }

  /** The live view's quality and protocol, one row. */
  function liveRow(type) {
    const quality =
      '<select id="node-input-liveQuality" style="width: 200px">' +
      `<option value="smooth" data-i18n="${type}.quality.smooth"></option>` +
      `<option value="hd" data-i18n="${type}.quality.hd"></option></select>`;
    const protocol =
      `<select id="node-input-liveProtocol" style="width: 100px" data-i18n="[aria-label]${type}.label.liveProtocol">` +
      '<option value="hls">HLS</option><option value="flv">FLV</option></select>';
    return row(type, 'liveQuality', 'film', `${quality} ${protocol}`);
  }

  /** Who may move the camera and who may set its switches. */
  function userRows(type) {
    return [
      text(type, 'moveUsers', 'arrows', { placeholder: 'users' }),
      text(type, 'switchUsers', 'user-secret', { placeholder: 'users' }),
    ];
  }

  /** The dialog's template (Node-RED reads it by its data-template-name when the dialog opens). */
  function template(type, rowList) {
    $('<script type="text/html">').attr('data-template-name', type).text(rowList.join('\n')).appendTo('body');
  }

  /** A Dashboard 2 widget's node definition: its palette category and colour, one input, one output. */
  function widgetNode(definition) {
    return Object.assign(
      {
        category: RED._('@flowfuse/node-red-dashboard/ui-base:ui-base.label.category'),
        color: RED._('@flowfuse/node-red-dashboard/ui-base:ui-base.colors.medium'),
        inputs: 1,
        outputs: 1,
      },
      definition,
    );
  }

  /** What both dialogs do first when they open: the size picker, the live settings a flow written
   * before they existed leaves out (shown as the defaults the runtime takes), and the camera picker of
   * every EZVIZ node (the main package's shared editor code) on literal serial and channel fields.
   * Returns that shared editor code (EzvizOpenEditor), or undefined. */
  function prepare(node) {
    $('#node-input-size').elementSizer({
      width: '#node-input-width',
      height: '#node-input-height',
      group: '#node-input-group',
    });
    $('#node-input-liveQuality').val(node.liveQuality || 'smooth');
    $('#node-input-liveProtocol').val(node.liveProtocol || 'hls');
    $('#node-input-deviceSerial').typedInput({ types: ['str'] });
    $('#node-input-channelNo').typedInput({ types: ['num'] });
    const shared = window.EzvizOpenEditor;
    if (shared && typeof shared.setUpPicker === 'function') shared.setUpPicker(shared.OPERATIONS['ptz-start']);
    return shared;
  }

  window.EzvizDashboardEditor = {
    row,
    text,
    number,
    widgetRows,
    cameraRows,
    liveRow,
    userRows,
    template,
    widgetNode,
    prepare,
  };
})();
