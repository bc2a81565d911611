// Where a clip's MP4 is written (docs/behaviour.md section 26): one Buffer, filled at the positions
// mediabunny writes to (its StreamTarget: the ftyp, the space kept for the moov, the mdat's frames
// as each chunk of about 0.5 s closes, the moov written back into its space at the end). The
// buffer is sized once for the whole file, when the write with the mdat's header comes: the file
// ends with the mdat, whose frames are known (`frameBytes`), so it is not grown by doubling nor
// copied at the end (before that write, it holds the ftyp alone). Then the free space mediabunny
// leaves between the moov and the mdat (room for the largest tables the frame counts allow: about
// 37 bytes a frame) is taken out in place (`withoutFree`): the file is as small as with the moov
// written in memory, though its buffer keeps that room unused.

import { StreamTarget } from 'mediabunny';

export class Mp4File {
  private file = Buffer.alloc(0);
  private end = 0;
  /** Whether the buffer has the whole file's size. */
  private sized = false;

  /** `frameBytes`: the bytes of all the clip's frames (the mdat's contents). */
  constructor(private readonly frameBytes: number) {}

  /** The target for mediabunny's Output. */
  target(): StreamTarget {
    const sink: UnderlyingSink<{ type: 'write'; data: Uint8Array; position: number }> = {
      write: (chunk) =>
        this.write(Buffer.from(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength), chunk.position),
    };
    return new StreamTarget(new WritableStream(sink));
  }

  private write(data: Buffer, at: number): void {
    let size = at + data.length;
    const i = this.sized ? -1 : data.indexOf('mdat', 0, 'latin1');
    if (i >= 4) {
      // The mdat's header: 16 bytes when its size is 64-bit (1 in the first field), else 8.
      size = Math.max(size, at + i - 4 + (data.readUInt32BE(i - 4) === 1 ? 16 : 8) + this.frameBytes);
      this.sized = true;
    }
    if (size > this.file.length) {
      // Not zeroed: every byte up to the end is written (mediabunny fills gaps with zeros); the
      // system gives the pages as they are written, while the frames they take are let go.
      const grown = Buffer.allocUnsafeSlow(size);
      this.file.copy(grown, 0, 0, this.end);
      this.file = grown;
    }
    data.copy(this.file, at);
    this.end = Math.max(this.end, at + data.length);
  }

  /** The file written (a view of the bytes written, no copy; the buffer's rest, if any, zeroed). */
  bytes(): Buffer {
    this.file.fill(0, this.end);
    return this.file.subarray(0, this.end);
  }
}

/** The top-level boxes of `b` from `at` to `end`: type, start, size (a size of 0 or past the end, or
 * a 64-bit size: the rest of `end`). */
function boxes(b: Buffer, at: number, end: number): { type: string; start: number; size: number }[] {
  const out = [];
  while (at + 8 <= end) {
    let size = b.readUInt32BE(at);
    if (size === 1 && at + 16 <= end) size = Number(b.readBigUInt64BE(at + 8));
    if (size < 8 || at + size > end) size = end - at;
    out.push({ type: b.toString('latin1', at + 4, at + 8), start: at, size });
    at += size;
  }
  return out;
}

/** Moves every chunk offset (stco, co64) of the moov at `moov` by `delta`. */
function moveChunks(b: Buffer, moov: { start: number; size: number }, delta: number): void {
  const walk = (start: number, end: number): void => {
    for (const x of boxes(b, start, end)) {
      if (['trak', 'mdia', 'minf', 'stbl'].includes(x.type)) walk(x.start + 8, x.start + x.size);
      const wide = x.type === 'co64';
      if (x.type !== 'stco' && !wide) continue;
      const n = b.readUInt32BE(x.start + 12);
      for (let i = 0, p = x.start + 16; i < n; i++, p += wide ? 8 : 4) {
        if (wide) b.writeBigUInt64BE(b.readBigUInt64BE(p) + BigInt(delta), p);
        else b.writeUInt32BE(b.readUInt32BE(p) + delta, p);
      }
    }
  };
  walk(moov.start + 8, moov.start + moov.size);
}

/** The file without the free space left between its moov and its mdat (the moov's space kept
 * at the start was larger than the moov): the mdat moved up in place, the chunk offsets with it. */
export function withoutFree(b: Buffer): Buffer {
  const top = boxes(b, 0, b.length);
  const types = top.map((x) => x.type).join(',');
  if (!/^ftyp,moov,free,mdat$/.test(types)) return b;
  const [, moov, free, mdat] = top;
  moveChunks(b, moov, -free.size);
  b.copyWithin(free.start, mdat.start, mdat.start + mdat.size);
  return b.subarray(0, b.length - free.size);
}
