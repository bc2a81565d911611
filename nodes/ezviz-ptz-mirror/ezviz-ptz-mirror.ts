// ezviz-ptz-mirror: runtime. Parameters, path and behaviour come from OPERATIONS['ptz-mirror'] and the shared
// call path (runtime/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { OPERATIONS } from '../../client/operations/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['ptz-mirror']);
};
