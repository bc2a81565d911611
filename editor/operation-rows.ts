// Every operation node's row by its node type: the one place where the editor (and the build,
// which writes each operation node's literal registration from it: scripts/operation-editor.js)
// finds the row of a node such as `ezviz-preset-call`, whichever table of client/operations holds it.
import { OPERATIONS, type OperationSpec } from '../client/operations/operations';
import { STATE_NODES } from '../client/operations/state-calls';
import { MEDIA_NODES } from '../client/operations/voice';
import { UPKEEP_NODES } from '../client/operations/settings';
import { HUB_NODE } from '../client/operations/hub';
import { SIREN_NODE } from '../client/operations/siren';

const ROWS: readonly OperationSpec[] = [
  ...Object.values(OPERATIONS),
  ...Object.values(STATE_NODES),
  ...Object.values(MEDIA_NODES),
  ...Object.values(UPKEEP_NODES),
  HUB_NODE,
  SIREN_NODE,
];

/** The operation nodes' rows by node type (`ezviz-<operation>`). */
export const OPERATION_ROWS: Readonly<Record<string, OperationSpec>> = Object.freeze(
  Object.fromEntries(ROWS.map((spec) => [spec.type, spec])),
);
