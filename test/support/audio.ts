// Audio for the voice tests, made in code (no tool at test time): a PCM wav of a tone, an mp3 of
// silent MPEG-1 layer III frames, an ADTS (aac) stream of frames. Their lengths are exact, so a
// test knows what the node and the simulator must make of them.

/** A 16-bit mono PCM wav of `ms` milliseconds at `rate` Hz (a 440 Hz tone; `seed` shifts its phase:
 * different seeds, different bytes). */
export function wav(ms: number, rate = 8000, seed = 0): Buffer {
  const samples = Math.round((rate * ms) / 1000);
  const b = Buffer.alloc(44 + samples * 2);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    b.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate + seed)), 44 + i * 2);
  return b;
}

/** `frames` MPEG-1 layer III frames at 128 kbit/s, 44.1 kHz (26.1 ms and 417 bytes each). */
export function mp3(frames: number): Buffer {
  const one = Buffer.alloc(417);
  one[0] = 0xff;
  one[1] = 0xfb; // MPEG-1, layer III, no CRC
  one[2] = 0x90; // 128 kbit/s, 44.1 kHz, no padding
  one[3] = 0xc4;
  return Buffer.concat(Array.from({ length: frames }, () => one));
}

/** `frames` ADTS frames (AAC LC, 16 kHz, 64 ms each), 200 bytes each. */
export function aac(frames: number): Buffer {
  const one = Buffer.alloc(200);
  const len = one.length;
  one[0] = 0xff;
  one[1] = 0xf1; // MPEG-4, no CRC
  one[2] = (1 << 6) | (8 << 2); // AAC LC, 16 kHz
  one[3] = (1 << 6) | ((len >> 11) & 3); // mono
  one[4] = (len >> 3) & 0xff;
  one[5] = ((len & 7) << 5) | 0x1f;
  one[6] = 0xfc; // one raw data block
  return Buffer.concat(Array.from({ length: frames }, () => one));
}
