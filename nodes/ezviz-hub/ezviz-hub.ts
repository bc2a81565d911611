// ezviz-hub: runtime. An alarm hub's detectors (docs/behaviour.md section 24): list them, arm one per
// mode, clear the hub's alarm, rename one. Parameters come from HUB_NODE (operations/hub.ts),
// parsed and validated once by the shared call path; runHub (hub-siren/hub.ts) sends the action's
// one call and builds the payload. The status says what was done ("4 detectors", "armed (home)").

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { hubStatus } from '../../features/hub-siren/guard-status';
import { HUB_NODE } from '../../client/operations/hub';
import { runHub } from '../../features/hub-siren/hub';

export = function (RED: NodeAPI): void {
  registerOperation(RED, HUB_NODE, {
    run: (ctx) => runHub(ctx.service, ctx.t, ctx.input, ctx.node),
    okStatus: hubStatus,
  });
};
