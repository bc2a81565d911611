// ezviz-firmware: runtime. Parameters come from UPKEEP_NODES.firmware. `check` reads the version
// (upkeep/firmware.ts); `upgrade` starts the upgrade once and follows it every 10 s
// (upkeep/firmware-follow.ts): its progress in the status and, with `progress` ticked, as
// messages of topic `progress` on output 1; the end as the message's one outcome. Closing the
// node stops following, never the upgrade.

import type { NodeAPI, NodeMessage } from 'node-red';
import { checkFirmware, type FirmwarePayload } from '../../features/upkeep/firmware';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { upgradeFirmware, type Report } from '../../features/upkeep/firmware-follow';
import { Waits } from '../../client/clock/waits';
import { translator } from '../../runtime/i18n/i18n';
import { UPKEEP_NODES } from '../../client/operations/settings';
import { firmwareStatus, upgradeProgressStatus } from '../../features/upkeep/upkeep-status';

export = function (RED: NodeAPI): void {
  const t = translator(RED);
  const followers = new WeakMap<object, { follower: Waits; progress: boolean }>();
  registerOperation(RED, UPKEEP_NODES.firmware, {
    run: ({ service, input, node, msg }) => {
      const serial = String(input.values.deviceSerial);
      if (input.values.action !== 'upgrade') return checkFirmware(service, t, serial, node);
      const own = followers.get(node)!;
      const report: Report = (stage, progress) => {
        node.status({ fill: 'blue', shape: 'dot', text: upgradeProgressStatus(stage, progress) });
        // A progress message carries a number (the start, with none yet, is the status only).
        if (!own.progress || node.closed || progress === null) return;
        const out = RED.util.cloneMessage(msg) as NodeMessage & Record<string, unknown>;
        delete out.error;
        out.topic = 'progress';
        out.payload = { deviceSerial: serial, status: stage, progress };
        node.send([out, null]);
      };
      return upgradeFirmware({ service, t, serial, owner: node, follower: own.follower, report });
    },
    okStatus: (payload) => firmwareStatus(payload as FirmwarePayload),
    attach: (node, def) => {
      const own = { follower: new Waits(), progress: def.progress === true || def.progress === 'true' };
      followers.set(node, own);
      node.on('close', () => own.follower.close());
    },
  });
};
