// Status texts with arguments in the editor's language. The runtime sends such a
// status as `$t(<catalog key>, {arguments})` (i18n/status-keys.ts statusWithArgs), e.g. the alarm
// node's "08:20:33: 0 new"; Node-RED's editor translates plain keys only (node-red/node-red#2429),
// so this subscription to the editor's status messages expands them with the editor's own
// catalog: a Chinese editor shows "08:20:33：新增 0 条" on an English runtime. Installed once.
import { parseStatusWithArgs } from '../runtime/i18n/status-keys';

interface StatusMsg {
  text?: unknown;
}
interface ShownNode {
  status?: unknown;
  dirty?: boolean;
  dirtyStatus?: boolean;
}
interface EditorParts {
  comms: { subscribe(topic: string, cb: (topic: string, msg: StatusMsg) => void): void };
  nodes: { node(id: string): ShownNode | null | undefined };
  view: { redrawStatus(node: ShownNode): void };
}

/** The text to show for a status text: expanded when it is a key with arguments, else as it is. */
export function expandStatusText(
  text: string,
  translate: (key: string, args: Record<string, string | number>) => string,
): string {
  const parsed = parseStatusWithArgs(text);
  return parsed ? translate(parsed.key, parsed.args) : text;
}

/** Subscribes to the status messages (before or after Node-RED's own subscriber: both orders work). */
export function installStatusArgs(): void {
  const editor = RED as unknown as EditorParts;
  editor.comms.subscribe('status/#', (topic, msg) => {
    if (!msg || typeof msg.text !== 'string') return;
    const text = expandStatusText(msg.text, (key, args) => RED._(key, args));
    if (text === msg.text) return;
    msg.text = text;
    const node = editor.nodes.node(topic.split('/')[1]);
    if (node && node.status === msg) {
      node.dirtyStatus = true;
      node.dirty = true;
      editor.view.redrawStatus(node);
    }
  });
}
