// ezviz-preset-add: runtime. Parameters, path and behaviour come from OPERATIONS['preset-add'] and the shared
// call path (nodes/shared/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../shared/call-path/pipeline';
import { OPERATIONS } from '../shared/operations/operations';
import { presetAddPayload } from '../shared/replies/replies';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['preset-add'], {
    payload: (reply, input) => presetAddPayload(reply, input.presetName),
  });
};
