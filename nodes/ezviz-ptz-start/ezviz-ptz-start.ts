// ezviz-ptz-start: runtime. Parameters, path and behaviour come from OPERATIONS['ptz-start'] and the shared
// call path (nodes/shared/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../shared/call-path/pipeline';
import { OPERATIONS } from '../shared/operations/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['ptz-start']);
};
