// ezviz-siren: runtime. A camera's active defence (siren and light) and its own tones (docs/behaviour.md
// section 24). Parameters come from SIREN_NODE (operations/siren.ts), parsed and validated once by
// the shared call path; runSiren (hub-siren/hub.ts) sends the action's one call: a start or a tone
// never twice, a stop ahead of anything queued for the camera. The status says "siren on" or "off".

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { sirenStatus } from '../../features/hub-siren/guard-status';
import { SIREN_NODE } from '../../client/operations/siren';
import { runSiren } from '../../features/hub-siren/hub';

export = function (RED: NodeAPI): void {
  registerOperation(RED, SIREN_NODE, {
    run: (ctx) => runSiren(ctx.service, ctx.input, ctx.node),
    okStatus: sirenStatus,
  });
};
