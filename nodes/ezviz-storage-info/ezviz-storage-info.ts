// ezviz-storage-info: runtime. Parameters, path and behaviour come from OPERATIONS['storage-info'] and the shared
// call path (runtime/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { OPERATIONS } from '../../client/operations/operations';
import { storageInfoPayload } from '../../client/replies/replies';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['storage-info'], { payload: (reply) => storageInfoPayload(reply) });
};
