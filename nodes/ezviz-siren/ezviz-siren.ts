// ezviz-siren: runtime. A camera's active defence (siren and light) and its own tones (docs/behaviour.md
// section 24). Parameters come from SIREN_NODE (operations/siren.ts), parsed and validated once by
// the shared call path; runSiren (service/hub.ts) sends the action's one call: a start or a tone
// never twice, a stop ahead of anything queued for the camera. The status says "siren on" or "off".

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../shared/call-path/pipeline';
import { sirenStatus } from '../shared/i18n/guard-status';
import { SIREN_NODE } from '../shared/operations/siren';
import { runSiren } from '../shared/service/hub';

export = function (RED: NodeAPI): void {
  registerOperation(RED, SIREN_NODE, {
    call: (service, input, owner) => runSiren(service, input, owner),
    okStatus: sirenStatus,
  });
};
