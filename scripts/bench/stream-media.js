'use strict';
// The stream benchmark's media (scripts/bench/stream.js): FLV tags made up (nothing decodes
// them: only the relay reads them), a watcher that parses what a viewer gets, and a synthetic
// cloud session on the runtime's clock (hooks.now/timer) with the cloud's habits: the first byte
// after `firstByteMs`, timestamps from 0, a burst of its last group of pictures, the end after
// `capMs`. Every picture carries its frame number (the 4 bytes after the video tag's 5-byte head):
// a viewer knows when it was taken (frame x frameMs).

/** One FLV tag (8 audio, 9 video, 18 script) with its PreviousTagSize. */
function flvTagBytes(type, ts, body) {
  const out = Buffer.alloc(11 + body.length + 4);
  out[0] = type;
  out.writeUIntBE(body.length, 1, 3);
  out.writeUIntBE(ts & 0xffffff, 4, 3);
  out[7] = Math.floor(ts / 2 ** 24) & 0xff;
  body.copy(out, 11);
  out.writeUInt32BE(11 + body.length, 11 + body.length);
  return out;
}

const HEADER = Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]);
const META = Buffer.concat([Buffer.from([2, 0, 10]), Buffer.from('onMetaData'), Buffer.from([8, 0, 0, 0, 0, 0, 0, 9])]);
const AVC_CONFIG = Buffer.from([
  0x17, 0, 0, 0, 0, 1, 0x42, 0xc0, 0x1e, 0xff, 0xe1, 0, 4, 0x67, 0x42, 0xc0, 0x1e, 1, 0, 2, 0x68, 0xce,
]);
const AAC_CONFIG = Buffer.from([0xaf, 0, 0x14, 0x08]);

/** The start of a session: header, onMetaData, the AVC and AAC sequence headers. */
function sessionStart() {
  return Buffer.concat([
    HEADER,
    flvTagBytes(18, 0, META),
    flvTagBytes(9, 0, AVC_CONFIG),
    flvTagBytes(8, 0, AAC_CONFIG),
  ]);
}

/** Picture `g` (`bytes` long in all) as a video tag body: key or not, its number inside. */
function picture(g, key, bytes) {
  const b = Buffer.alloc(Math.max(9, bytes));
  b[0] = key ? 0x17 : 0x27;
  b[1] = 1;
  b.writeUInt32BE(g, 5);
  return b;
}

const AUDIO_BODY = Buffer.concat([Buffer.from([0xaf, 1]), Buffer.alloc(60)]);

/** Parses what a viewer gets (the FLV header first, then tags) and calls `onTag` for each tag:
 * {type, ts, key, packet, frame (a video data tag's number), size}. */
class TagWatch {
  constructor(onTag) {
    this.onTag = onTag;
    this.buf = Buffer.alloc(0);
    this.headerDone = false;
  }

  push(chunk, now) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    if (!this.headerDone) {
      if (this.buf.length < 13) return;
      this.buf = this.buf.subarray(13);
      this.headerDone = true;
    }
    while (this.buf.length >= 11) {
      const size = this.buf.readUIntBE(1, 3);
      if (this.buf.length < 11 + size + 4) return;
      const type = this.buf[0];
      const ts = this.buf.readUIntBE(4, 3) + this.buf[7] * 2 ** 24;
      const b = this.buf.subarray(11, 11 + size);
      const packet = type === 9 || type === 8 ? b[1] : -1;
      const key = type === 9 && b[0] >> 4 === 1;
      const frame = type === 9 && packet === 1 && size >= 9 ? b.readUInt32BE(5) : -1;
      this.onTag({ type, ts, key, packet, frame, size }, now);
      this.buf = this.buf.subarray(11 + size + 4);
    }
  }
}

/** A Connect of synthetic cloud sessions on `clock` ({now(), timer(fn, ms)}): pictures every
 * `frameMs` (a keyframe every `gop`), `bytes(key)` long; AAC every 64 ms; `capMs` 0 for none. */
function syntheticSession(clock, o) {
  const { frameMs, gop, capMs, firstByteMs, bytes } = o;
  let opened = 0;
  return (h) => {
    opened += 1;
    const s = { on: true, cancels: [] };
    const openedAt = clock.now();
    const start = () => {
      const g = Math.floor(clock.now() / frameMs);
      const g0 = g - (g % gop); // the burst: its last group of pictures
      const a0 = Math.ceil((g0 * frameMs) / 64);
      let next = g0;
      let audio = a0;
      h.data(sessionStart());
      const emit = () => {
        const now = clock.now();
        const parts = [];
        while (next * frameMs <= now) {
          while (audio * 64 <= next * frameMs) {
            parts.push(flvTagBytes(8, Math.round(audio * 64 - a0 * 64), AUDIO_BODY));
            audio++;
          }
          parts.push(flvTagBytes(9, (next - g0) * frameMs, picture(next, next % gop === 0, bytes(next % gop === 0))));
          next++;
        }
        if (parts.length) h.data(parts.length === 1 ? parts[0] : Buffer.concat(parts));
      };
      emit();
      const tick = () => {
        if (!s.on) return;
        if (capMs > 0 && clock.now() - openedAt >= capMs) {
          s.on = false;
          return h.end();
        }
        emit();
        s.cancels.push(clock.timer(tick, frameMs));
      };
      s.cancels.push(clock.timer(tick, frameMs));
    };
    s.cancels.push(clock.timer(() => s.on && start(), firstByteMs));
    return {
      close() {
        s.on = false;
        s.cancels.forEach((c) => c());
      },
      get opened() {
        return opened;
      },
    };
  };
}

module.exports = { flvTagBytes, TagWatch, syntheticSession, sessionStart, picture };
