// ezviz-live: runtime. Parameters, path (by region), retries and the shared address cache of the
// config node (client/service/live-addresses.ts) come from OPERATIONS.live and the shared
// call path; the success is the address: msg.payload the URL, msg.ezviz.live what it is.

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { OPERATIONS } from '../../client/operations/operations';

export = function (RED: NodeAPI): void {
  registerOperation(RED, OPERATIONS.live, {
    result: ({ result }) => ({
      payload: result.live!.url,
      ezviz: { live: result.live, shared: result.shared === true },
    }),
  });
};
