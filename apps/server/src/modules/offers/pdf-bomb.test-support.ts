import { constants, deflateRawSync } from 'node:zlib';
import { handmadePdf } from './signed-upload.corpus';

/**
 * PDF decompression bombs for tests and bench/pdf-bomb.mjs (issue 8 §1), built in milliseconds instead of by
 * compressing a gigabyte: one megabyte of zeros deflated and ended with a full flush is a self-contained,
 * byte-aligned run of deflate blocks (~1 KB), so the same run written N times inflates to N MB. A final empty
 * block and the Adler-32 of N MB of zeros (a = 1, b = N·2²⁰ mod 65521) close a valid zlib stream.
 */

const MB = 1024 * 1024;
let segment: Buffer | null = null;

function zerosSegment(): Buffer {
  segment ??= deflateRawSync(Buffer.alloc(MB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  return segment;
}

/** A zlib stream of `megabytes` MB of zeros, about a thousandth of that in size. */
export function zlibBomb(megabytes: number): Buffer {
  const run = zerosSegment();
  const header = Buffer.from([0x78, 0xda]);
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((megabytes * MB) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([header, ...Array.from({ length: megabytes }, () => run), finalEmptyBlock, adler]);
}

/**
 * A one-page PDF whose only object stream inflates to `inflatedMegabytes` MB (1024: a ~1 MB file that inflates
 * to 1 GB, as in the issue; 100: a ~100 KB file). `filters` chains Flate filters (a bomb inside a bomb).
 */
export function pdfBomb(inflatedMegabytes = 1024, options: { filters?: 1 | 2 } = {}): Uint8Array {
  let data = zlibBomb(inflatedMegabytes);
  let filter = '/FlateDecode';
  if (options.filters === 2) {
    data = wrapZlib(data);
    filter = '[/FlateDecode /FlateDecode]';
  }
  const stream = `<< /Type /ObjStm /N 1 /First 8 /Length ${data.length} /Filter ${filter} >>\nstream\n${data.toString('latin1')}\nendstream`;
  return handmadePdf({ extraObjects: [stream] });
}

/** zlib-wraps bytes again (the outer layer of a two-filter bomb). */
function wrapZlib(bytes: Buffer): Buffer {
  const raw = deflateRawSync(bytes, { level: 9 });
  const adler = Buffer.alloc(4);
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  adler.writeUInt32BE(((b << 16) | a) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), raw, adler]);
}
