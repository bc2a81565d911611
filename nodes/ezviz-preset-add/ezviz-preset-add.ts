// ezviz-preset-add: runtime. Parameters, path and behaviour come from OPERATIONS['preset-add'] and the shared
// call path (runtime/call-path/pipeline.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { OPERATIONS } from '../../client/operations/operations';
import { presetAddPayload } from '../../client/replies/replies';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS['preset-add'], {
    payload: (reply, input) => presetAddPayload(reply, input.presetName),
  });
};
