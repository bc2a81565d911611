// ezviz-device: runtime. Parameters come from STATE_NODES.device; readDevice
// (service/camera-state.ts) reads device/info, device/status/get and the lens-cover status and
// merges them (replies/device-state.ts). With `watch` the node reads on its own and sends
// changes only (upkeep/device-watch.ts). One read at a time per node; each read found is told to
// the config node's status feed (service/alarm-feed.ts).

import type { NodeAPI } from 'node-red';
import { deviceAsk, readDevice } from '../../client/service/camera-state';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { DeviceWatch } from '../../features/upkeep/device-watch';
import type { DeviceState } from '../../client/replies/device-state';
import type { CallResult } from '../../client/requests/call-types';
import { translator } from '../../runtime/i18n/i18n';
import { STATE_NODES, watchSeconds } from '../../client/operations/state-calls';
import { deviceStatusKey } from '../../runtime/i18n/status-keys';
import { readStatus } from '../../client/service/alarm-feed';

export = function (RED: NodeAPI): void {
  const t = translator(RED);
  /** The read under way per node: the next one waits for it (one read in flight per node). */
  const reading = new WeakMap<object, Promise<unknown>>();
  registerOperation(RED, STATE_NODES.device, {
    run: ({ service, input, node }) => {
      const before = reading.get(node) ?? Promise.resolve();
      const next: Promise<CallResult> = before
        .then(() => readDevice(service, t, deviceAsk(input.values), node))
        .then((r) => {
          // Alarm nodes with `status` hear what it found of the battery and SD card (docs/behaviour.md section 27).
          if (r.kind === 'ok') service.statusFeed.tell(readStatus(r.payload as DeviceState));
          return r;
        });
      reading.set(
        node,
        next.catch(() => undefined),
      );
      return next;
    },
    okStatus: (payload) => deviceStatusKey(payload as DeviceState),
    attach: (node, def, input) => {
      const seconds = watchSeconds(def.watch);
      if (seconds === undefined) node.warn(t('errors.watchSetting', { value: String(def.watch).slice(0, 40) }));
      if (!seconds) return;
      const watch = new DeviceWatch({
        seconds,
        input,
        newId: () => RED.util.generateId(),
        send: (msg) => node.send(msg),
        error: (err, msg) => node.error(err, msg),
      });
      node.on('close', () => watch.close());
      watch.start();
    },
  });
};
