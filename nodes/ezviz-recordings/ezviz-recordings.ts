// ezviz-recordings: runtime. Parameters come from STATE_NODES.recordings (its row in
// operations/recordings.ts); listRecordings (recordings/recordings.ts) splits the window, lists each
// source and joins the items. msg.payload the items, msg.ezviz.window what was listed.

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { translator } from '../../runtime/i18n/i18n';
import { statusWithArgs } from '../../runtime/i18n/status-keys';
import { STATE_NODES } from '../../client/operations/state-calls';
import { listRecordings, recordingsAsk, type RecordingsListing } from '../../features/recordings/recordings';

export = function (RED: NodeAPI): void {
  const t = translator(RED);
  registerOperation(RED, STATE_NODES.recordings, {
    run: (ctx) => listRecordings(ctx.service, ctx.t, recordingsAsk(ctx.input.values), ctx.node),
    result: ({ result }) => {
      const listing = result.payload as RecordingsListing;
      const ezviz: Record<string, unknown> = { window: listing.window, source: listing.source };
      if (listing.skipped.length) ezviz.skipped = listing.skipped;
      if (listing.items.length === 0) ezviz.hint = t(`recordings.empty.${listing.source}`);
      return { payload: listing.items, ezviz };
    },
    okStatus: (payload) => statusWithArgs('recordings', { count: (payload as unknown[]).length }),
  });
};
