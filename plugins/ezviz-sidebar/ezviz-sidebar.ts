// The EZVIZ sidebar (docs/behaviour.md section 23), runtime part: a Node-RED plugin (Node-RED 2 or
// later: package.json "node-red"."plugins") whose editor part (editor.ts, built into
// ezviz-sidebar.html) adds the sidebar tab. The data it shows comes from the config node's admin
// route `ezviz-open/usage` (nodes/ezviz-config/admin-usage.ts), registered with the config node.

import type { NodeAPI } from 'node-red';

/** The plugin's id: its catalog's namespace is `node-red-contrib-ezviz-open/ezviz-sidebar`. */
const SIDEBAR_PLUGIN = 'ezviz-sidebar';

export = function (RED: NodeAPI): void {
  const plugins = (RED as unknown as { plugins?: { registerPlugin?(id: string, def: object): void } }).plugins;
  plugins?.registerPlugin?.(SIDEBAR_PLUGIN, { type: 'ezviz-sidebar' });
};
