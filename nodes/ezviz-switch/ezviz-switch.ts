// ezviz-switch: runtime. Parameters come from STATE_NODES.switch, the call per switch and state
// from SWITCHES (operations/switches.ts); setSwitch (service/camera-state.ts) sets it through the
// config node's service (retried, "already so" a success, writes 2 s apart per device) and the
// shared call path does the rest. The status says the state set (`armed`, `privacy on`).

import type { NodeAPI } from 'node-red';
import { setSwitch, switchAsk, type SwitchPayload } from '../../client/service/camera-state';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { STATE_NODES } from '../../client/operations/state-calls';
import { switchStatusKey } from '../../runtime/i18n/status-keys';

export = function (RED: NodeAPI): void {
  registerOperation(RED, STATE_NODES.switch, {
    run: (ctx) => setSwitch(ctx.service, ctx.t, switchAsk(ctx.input.values), ctx.node),
    okStatus: (payload) => switchStatusKey((payload as SwitchPayload).switch, (payload as SwitchPayload).state),
  });
};
