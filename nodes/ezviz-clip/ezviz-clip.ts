// ezviz-clip: runtime. Saves a recording's window as a file (docs/behaviour.md section 26). Parameters
// come from MEDIA_NODES.clip (operations/clips.ts) and the shared call path; saveClip
// (features/recordings/clip-run.ts) lists the window, reads the playback stream and writes the MP4.
// msg.payload the file (a Buffer), msg.filename a name for it, msg.ezviz.clip what it is. The
// node's close ends its waits and streams (ClipJobs).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import type { OperationNodeLike } from '../../runtime/call-path/lifecycle';
import { MEDIA_NODES } from '../../client/operations/voice';
import { ClipJobs } from '../../features/recordings/clip-jobs';
import { saveClip, type ClipOutcome } from '../../features/recordings/clip-run';

export = function (RED: NodeAPI): void {
  const jobs = new WeakMap<OperationNodeLike, ClipJobs>();
  const jobsOf = (node: OperationNodeLike): ClipJobs => {
    let j = jobs.get(node);
    if (!j) jobs.set(node, (j = new ClipJobs()));
    return j;
  };
  registerOperation(RED, MEDIA_NODES.clip, {
    run: (ctx) => saveClip(ctx.service, ctx.t, ctx.input.values, ctx.node, jobsOf(ctx.node)),
    result: ({ result }) => {
      const out = result.payload as ClipOutcome;
      if (!out.ok) return { error: out.error, ezviz: out.ezviz };
      return { payload: out.data, ezviz: { clip: out.clip }, props: { filename: out.filename } };
    },
    attach: (node) => node.on('close', () => jobsOf(node).close()),
  });
};
