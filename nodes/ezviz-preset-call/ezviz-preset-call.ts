// ezviz-preset-call: runtime. Parameters, path and behaviour come from OPERATIONS['preset-call'] and the shared
// call path (nodes/shared/call-path.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../shared/call-path';
import { OPERATIONS } from '../shared/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['preset-call']);
};
