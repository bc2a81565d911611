// ezviz-storage-info: runtime. Parameters, path and behaviour come from OPERATIONS['storage-info'] and the shared
// call path (nodes/shared/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../shared/call-path/pipeline';
import { OPERATIONS } from '../shared/operations/operations';
import { storageInfoPayload } from '../shared/replies/replies';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['storage-info'], { payload: (reply) => storageInfoPayload(reply) });
};
