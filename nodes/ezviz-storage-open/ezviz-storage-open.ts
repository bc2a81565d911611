// ezviz-storage-open: runtime. Parameters, path and behaviour come from OPERATIONS['storage-open'] and the shared
// call path (runtime/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { OPERATIONS } from '../../client/operations/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['storage-open']);
};
