// ezviz-voice: runtime. Plays audio on a camera's speaker (docs/behaviour.md section 19). Parameters (the
// camera) come from MEDIA_NODES.voice and the shared call path; msg.payload is the audio or a voice
// file's URL, checked, uploaded once per content and account and played once by playVoice
// (features/voice/voice.ts).

import type { NodeAPI } from 'node-red';
import { registerOperation } from '../../runtime/call-path/pipeline';
import { MEDIA_NODES } from '../../client/operations/voice';
import { playVoice } from '../../features/voice/voice';

export = function (RED: NodeAPI): void {
  registerOperation(RED, MEDIA_NODES.voice, {
    run: (ctx) => playVoice(ctx.service, ctx.t, ctx.input, ctx.node, ctx.msg.payload),
    result: ({ result }) => ({ payload: result.payload, ezviz: result.ezviz }),
  });
};
