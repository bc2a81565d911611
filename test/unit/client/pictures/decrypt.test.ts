// Encrypted pictures, the pure parts (docs/behaviour.md section 17, docs/api/media-api.md
// section 1): the spec's worked example byte for byte, then vectors made by the simulator's own
// encryptor (simulator/areas/picture-crypt.ts, written from the spec, not from the decryptor):
// a wrong code, a preamble, two segments, a truncated file, a file that decrypts to something that
// is not an image, a plain picture passing unchanged; and the account's list of codes.

import assert from 'assert';
import {
  checkValue,
  isEncrypted,
  keyOf,
  MAGIC,
  MAX_SEGMENTS,
  SLICE_MS,
  sniffType,
  unlockPicture,
} from '../../../../client/pictures/decrypt';
import { lookUpCodes, NO_CODES, parseCodes } from '../../../../client/pictures/codes';
import { encryptPicture, paddedJpeg } from '../../../../simulator/areas/picture-crypt';
import { pictureBytes } from '../../../../simulator/areas/pictures';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const PLAIN = hex('ffd8ffe000104a46494600010100000100010000ffd9');
const CIPHER = hex('13639a57ac5c5bfb6d507f77faa85b89c1461affe1f15dd575dde9bec66a1ec3');
const SPEC_FILE = Buffer.concat([
  hex('68696b656e636f646570696374757265'),
  hex('61613337616435326135613635646633'),
  hex('39373931613935383138666233323938'),
  CIPHER,
]);

function unlocked(r: Awaited<ReturnType<typeof unlockPicture>>) {
  assert.ok(r.ok, `expected a picture, got ${JSON.stringify(r)}`);
  return r;
}

describe('pictures: decryption (docs/api/media-api.md section 1)', () => {
  it('the spec worked example: check values, key, the 80-byte file', async () => {
    assert.strictEqual(checkValue('ABCDEF'), 'aa37ad52a5a65df39791a95818fb3298');
    assert.strictEqual(checkValue('abcdef'), '0962e1aed115aeec2ecc398ba3df40b9');
    assert.strictEqual(keyOf('ABCDEF').toString('hex'), '41424344454600000000000000000000');
    assert.strictEqual(keyOf('ABCDEFGHIJKLMNOPQRS').toString('latin1'), 'ABCDEFGHIJKLMNOP');
    assert.strictEqual(SPEC_FILE.length, 80);
    const r = unlocked(await unlockPicture(SPEC_FILE, ['ABCDEF']));
    assert.deepStrictEqual(r.data, PLAIN);
    assert.deepStrictEqual([r.type, r.encrypted, r.count, r.suspect], ['image/jpeg', true, 1, false]);
  });

  it('the simulator encryptor makes the spec file', () => {
    assert.deepStrictEqual(encryptPicture(PLAIN, 'ABCDEF'), SPEC_FILE);
  });

  it('the spec variants: junk before the marker, twice in a row, 3 trailing bytes, ABCDEG, no marker', async () => {
    assert.deepStrictEqual(
      unlocked(await unlockPicture(Buffer.concat([Buffer.from([1, 2, 3, 4]), SPEC_FILE]), ['ABCDEF'])).data,
      PLAIN,
    );
    const twice = unlocked(await unlockPicture(Buffer.concat([SPEC_FILE, SPEC_FILE]), ['ABCDEF']));
    assert.deepStrictEqual(twice.data, Buffer.concat([PLAIN, PLAIN]));
    assert.strictEqual(twice.count, 2);
    assert.deepStrictEqual(
      unlocked(await unlockPicture(Buffer.concat([SPEC_FILE, Buffer.from([9, 9, 9])]), ['ABCDEF'])).data,
      PLAIN,
    );
    assert.deepStrictEqual(await unlockPicture(SPEC_FILE, ['ABCDEG']), { ok: false, reason: 'wrongCode' });
    assert.deepStrictEqual(
      await unlockPicture(SPEC_FILE, ['abcdef']),
      { ok: false, reason: 'wrongCode' },
      'case-sensitive',
    );
    const r = unlocked(await unlockPicture(PLAIN, []));
    assert.strictEqual(r.data, PLAIN, 'a plain picture passes unchanged (the same Buffer)');
    assert.strictEqual(r.encrypted, false);
  });

  it('a real JPEG with a preamble and two segments, encrypted by the simulator', async () => {
    const jpeg = pictureBytes();
    const file = encryptPicture([jpeg, jpeg], 'XYZW12', { preamble: Buffer.from('junk before the marker') });
    assert.ok(isEncrypted(file));
    const r = unlocked(await unlockPicture(file, ['ABCDEF', 'XYZW12']));
    assert.deepStrictEqual(r.data, Buffer.concat([jpeg, jpeg]));
    assert.strictEqual(r.count, 2);
  });

  it('tries each code: an old code after a change', async () => {
    const file = encryptPicture(pictureBytes(), 'OLDCODE1');
    assert.deepStrictEqual(unlocked(await unlockPicture(file, ['NEWCODE2', 'OLDCODE1'])).data, pictureBytes());
  });

  it('encrypted and no code: locked; a wrong code: wrongCode, before decrypting', async () => {
    const file = encryptPicture(pictureBytes(), 'ABCDEF');
    assert.deepStrictEqual(await unlockPicture(file, []), { ok: false, reason: 'locked' });
    assert.deepStrictEqual(await unlockPicture(file, ['ABCDEG', 'QWERTY']), { ok: false, reason: 'wrongCode' });
  });

  it('a truncated file: a segment without a whole block is truncated; a cut file keeps whole blocks', async () => {
    const file = encryptPicture(pictureBytes(), 'ABCDEF');
    assert.deepStrictEqual(await unlockPicture(file.subarray(0, 40), ['ABCDEF']), { ok: false, reason: 'truncated' });
    assert.deepStrictEqual(await unlockPicture(file.subarray(0, 60), ['ABCDEF']), { ok: false, reason: 'truncated' });
    // Cut in the middle: the first blocks still make a JPEG start (the padding then disagrees).
    const cut = unlocked(await unlockPicture(file.subarray(0, 48 + 1008 + 5), ['ABCDEF']));
    assert.strictEqual(cut.data.length, 1008);
    assert.strictEqual(cut.suspect, true);
  });

  it('a file that decrypts to something that is not an image: notImage', async () => {
    const file = encryptPicture(Buffer.from('this is text, not a picture'), 'ABCDEF');
    assert.deepStrictEqual(await unlockPicture(file, ['ABCDEF']), { ok: false, reason: 'notImage' });
    assert.deepStrictEqual(await unlockPicture(Buffer.from('plain text'), []), { ok: false, reason: 'notImage' });
    assert.deepStrictEqual(await unlockPicture(Buffer.alloc(0), []), { ok: false, reason: 'notImage' });
  });

  it('PNG is an image too; the marker alone is no picture', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    assert.strictEqual(sniffType(png), 'image/png');
    assert.strictEqual(unlocked(await unlockPicture(encryptPicture(png, 'ABCDEF'), ['ABCDEF'])).type, 'image/png');
    assert.deepStrictEqual(await unlockPicture(MAGIC, ['ABCDEF']), { ok: false, reason: 'truncated' });
  });

  it('a 1 MiB picture: padded JPEG still a JPEG, decrypted whole', async () => {
    const big = paddedJpeg(pictureBytes(), 1024 * 1024);
    assert.ok(big.length >= 1024 * 1024 && big.length < 1024 * 1024 + 70000);
    assert.deepStrictEqual(big.subarray(-2), Buffer.from([0xff, 0xd9]));
    const r = unlocked(await unlockPicture(encryptPicture(big, 'ABCDEF'), ['ABCDEF']));
    assert.deepStrictEqual(r.data, big);
  });
});

describe('pictures: bounded work (at most 64 segments, slices of at most 20 ms)', function () {
  this.timeout(10000);
  it('64 segments decrypt; 65 (or 81,920 tiny ones) are tooMany, found before any decryption', async () => {
    const jpeg = pictureBytes();
    const ok = unlocked(await unlockPicture(encryptPicture(Array(MAX_SEGMENTS).fill(jpeg), 'ABCDEF'), ['ABCDEF']));
    assert.strictEqual(ok.count, 64);
    assert.deepStrictEqual(await unlockPicture(encryptPicture(Array(65).fill(jpeg), 'ABCDEF'), ['ABCDEF']), {
      ok: false,
      reason: 'tooMany',
    });
    const one = encryptPicture(Buffer.from([0xff, 0xd8, 0xff]), 'ABCDEF');
    const tiny = Buffer.concat(Array(81920).fill(one));
    let paused = 0;
    const r = await unlockPicture(tiny, ['ABCDEF'], { now: () => 0, pause: async () => void paused++ });
    assert.deepStrictEqual(r, { ok: false, reason: 'tooMany' });
    assert.strictEqual(paused, 0, 'nothing decrypted');
  });

  it(`decrypts in slices: the event loop runs before a slice passes ${SLICE_MS} ms, the result the same`, async () => {
    // A clock that moves 1 ms each time it is read: every piece of work reads it once.
    let t = 0;
    const slices: number[] = [];
    let start = 0;
    const slicing = {
      now: () => ++t,
      pause: async () => {
        slices.push(t - start);
        start = t;
      },
    };
    const big = paddedJpeg(pictureBytes(), 1024 * 1024);
    const file = encryptPicture([big, big], 'ABCDEF');
    const r = unlocked(await unlockPicture(file, ['ABCDEF'], slicing));
    assert.deepStrictEqual(r.data, Buffer.concat([big, big]));
    assert.ok(slices.length >= 2, `paused ${slices.length} times`);
    assert.ok(Math.max(...slices, t - start) <= SLICE_MS, `slices of ${slices.join(', ')} ms`);
  });
});

describe('pictures: the account list of codes', () => {
  it('reads SERIAL CODE with a space, = or :, ignores blank and # lines, serials in any case', () => {
    const { book, malformed } = parseCodes(
      '# my cameras\n\nC00000005 ABCDEF\r\nc00000006=QWERTY\n  C00000007 :  zxcv12  \nC00000005 OLDONE',
    );
    assert.deepStrictEqual(malformed, []);
    assert.deepStrictEqual(book.codes('c00000005'), ['ABCDEF', 'OLDONE']);
    assert.deepStrictEqual(book.codes('C00000006'), ['QWERTY']);
    assert.deepStrictEqual(book.codes(' C00000007 '), ['zxcv12']);
    assert.deepStrictEqual(book.codes('C00000001'), []);
    assert.deepStrictEqual(book.codes(undefined), []);
    assert.strictEqual(book.size, 3);
  });

  it('names malformed lines by number only', () => {
    const { book, malformed } = parseCodes(
      'C00000005\nC00000005 AB\nC00000006 ABCDEF extra\nC00000008 ABCDEF\n?? ABCDEF',
    );
    assert.deepStrictEqual(malformed, [1, 2, 3, 5]);
    assert.strictEqual(book.size, 1);
  });

  it('no credential: an empty list', () => {
    for (const v of [undefined, null, '', '   \n', 5]) assert.strictEqual(parseCodes(v).book, NO_CODES);
  });

  it('one lookup: the message, else the node, else the account', () => {
    const { book } = parseCodes('C00000005 ABCDEF');
    assert.deepStrictEqual(lookUpCodes({ message: 'MSGCODE', node: 'NODECODE', book, deviceSerial: 'C00000005' }), {
      codes: ['MSGCODE'],
      origin: 'message',
    });
    assert.deepStrictEqual(lookUpCodes({ message: '', node: 'NODECODE', book, deviceSerial: 'C00000005' }), {
      codes: ['NODECODE'],
      origin: 'node',
    });
    assert.deepStrictEqual(lookUpCodes({ book, deviceSerial: 'c00000005' }), { codes: ['ABCDEF'], origin: 'account' });
    assert.deepStrictEqual(lookUpCodes({ book, deviceSerial: 'C00000001' }), { codes: [], origin: 'none' });
  });
});
