// The EZVIZ sidebar's one request (docs/behaviour.md section 23): per deployed account the token's
// state, the devices online and offline (from the last list the editor's picker read: no API call
// of its own), the API calls of the last hour and today by path and outcome, the last limit
// errors, each alarm source's last fetch or push and failures, and the stream minutes per camera
// today (docs/behaviour.md section 25). POST with a JSON body, the read
// permission of the config node type; nothing in the reply is a secret (no token, no key, no
// code): the base URL's host, counts, codes, times and the runtime's own error texts.

import type { NodeAPI } from 'node-red';
import type { Request, Response } from 'express';
import { hooks } from '../../client/clock/clock';
import { CONFIG_TYPE } from '../../client/operations/operations';
import type { AccountUsage, UsageReply } from '../../runtime/account/usage-reply';
import { checkRequest } from './admin-request';
import { deployedAccounts } from './admin-deployed';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** Everything the sidebar shows, for every deployed config node. */
export function usageReport(RED: NodeAPI): UsageReply {
  const now = hooks.now();
  const accounts = deployedAccounts().map(({ id, baseUrl, service, devices }): AccountUsage => {
    const node = RED.nodes.getNode(id) as { name?: unknown } | null;
    const until = service.tokens.usableUntil;
    return {
      id,
      name: typeof node?.name === 'string' ? node.name : '',
      host: hostOf(baseUrl),
      token: {
        state: service.tokens.state,
        ...(until !== undefined && Number.isFinite(until) ? { usableUntil: until } : {}),
      },
      ...(devices ? { devices: { ...devices } } : {}),
      calls: service.loop.counters.snapshot(now),
      sources: service.sources.list(),
      streams: service.streams.cameras(now),
    };
  });
  accounts.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { now, accounts };
}

/** `POST <httpAdminRoot>/ezviz-open/usage`. */
export function registerUsageRoute(RED: NodeAPI, prefix: string): void {
  RED.httpAdmin.post(
    `/${prefix}/usage`,
    RED.auth.needsPermission(`${CONFIG_TYPE}.read`),
    (req: Request, res: Response) => {
      const refused = checkRequest(req);
      if (refused) return void res.status(refused.status).json({ error: refused.reason, message: refused.message });
      try {
        res.json(usageReport(RED));
      } catch {
        res.status(500).json({ error: 'internal', message: 'the request failed' });
      }
    },
  );
}
