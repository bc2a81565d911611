// ezviz-capture: runtime. Parameters, path, retries and the 4 s spacing per camera come from
// OPERATIONS.capture and the shared call path (runtime/call-path/pipeline.ts); the success is the
// picture URL or, with `download`, the picture (features/capture/capture.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { captureResult } from '../../features/capture/capture';
import { OPERATIONS } from '../../client/operations/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS.capture, { result: captureResult });
};
