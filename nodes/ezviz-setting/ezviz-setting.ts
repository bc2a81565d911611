// ezviz-setting: runtime. Parameters come from UPKEEP_NODES.setting, the calls per setting from
// SETTINGS (operations/settings.ts); runSetting (upkeep/settings.ts) reads the setting, or
// checks the value and writes it when it differs (retried, 2 s apart per device with the
// switches), and the shared call path does the rest. The status says the setting's value.

import type { NodeAPI } from 'node-red';
import { runSetting, settingAsk, type SettingPayload } from '../../features/upkeep/settings';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { UPKEEP_NODES } from '../../client/operations/settings';
import { settingStatus } from '../../features/upkeep/upkeep-status';

export = function (RED: NodeAPI): void {
  registerOperation(RED, UPKEEP_NODES.setting, {
    run: (ctx) => runSetting(ctx.service, ctx.t, settingAsk(ctx.input.values), ctx.node),
    okStatus: (payload) => settingStatus(payload as SettingPayload),
  });
};
