// ezviz-capture: runtime. Parameters, path, retries and the 4 s spacing per camera come from
// OPERATIONS.capture and the shared call path (nodes/shared/call-path/pipeline.ts); the success is the
// picture URL or, with `download`, the picture (nodes/shared/events/capture.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../shared/call-path/pipeline';
import { captureResult } from '../shared/events/capture';
import { OPERATIONS } from '../shared/operations/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS.capture, { result: captureResult });
};
