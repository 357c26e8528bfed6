import { constants, inflateSync } from 'node:zlib';

/**
 * The decompression-bomb guard of an uploaded PDF (issue 8 §1 "A PDF decompression bomb freezes the whole
 * server"). pdf-lib inflates object and cross-reference streams eagerly while it loads a file, in JavaScript,
 * all of it: a 1 MB object stream that inflates to ~1 GB took 33 s and 1 GB of memory. Before pdf-lib sees the
 * file, every stream in it is inflated here with Node's zlib under one byte budget, and the check stops as soon
 * as the budget is crossed.
 *
 * Every `stream` keyword is tried, whatever its dictionary says: a filter can hide behind an escaped name
 * (`/Fl#61teDecode`), an indirect reference or a filter array, and parsing that here would be a second PDF
 * parser to get wrong. Bytes that are not zlib data fail at once; a chain of Flate filters is followed by
 * inflating again while the output is itself zlib data. The input runs to the end of the file, not to the
 * declared /Length: a deflate stream ends itself, so nothing a decoder could read is left out.
 * Other expanding filters (LZW, RunLength) are bounded by the checking thread's memory and time limits
 * (signed-upload.pool.ts).
 */

/** Bytes every file may inflate to, however small: a one-page letter with a blank image needs a few MB. */
export const INFLATE_ALLOWANCE_BYTES = 16 * 1024 * 1024;
/** Inflated bytes per uploaded byte above the allowance: text and scans compress 2–20×; a bomb ~1000×. */
export const INFLATE_MAX_RATIO = 20;
/** Never more than this, whatever the size of the file (10 MB uploads: 128 MB, ~0.4 s of zlib at worst). */
export const INFLATE_MAX_BYTES = 128 * 1024 * 1024;
/** Flate inside Flate inside Flate…: each layer is a new inflation of the previous output. */
const MAX_FILTER_LAYERS = 4;

export function inflationBudget(fileBytes: number): number {
  return Math.min(INFLATE_MAX_BYTES, Math.max(INFLATE_ALLOWANCE_BYTES, fileBytes * INFLATE_MAX_RATIO));
}

export interface InflationReport {
  /** False once the file's streams together inflate past the budget. */
  withinBudget: boolean;
  /** Bytes inflated before the answer was known. */
  inflatedBytes: number;
}

/** zlib's two-byte header: deflate method, a window of at most 32 KB, and the check bits. */
function looksLikeZlib(bytes: Uint8Array, at: number): boolean {
  if (at + 2 > bytes.length) return false;
  const cmf = bytes[at] as number;
  const flg = bytes[at + 1] as number;
  return (cmf & 0x0f) === 8 && cmf >> 4 <= 7 && (cmf * 256 + flg) % 31 === 0;
}

const STREAM = /(?<!end)stream/g;

export function measureInflation(bytes: Uint8Array, budget = inflationBudget(bytes.length)): InflationReport {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let inflated = 0;
  for (const match of text.matchAll(STREAM)) {
    const keywordEnd = match.index + match[0].length;
    // The data begins after CRLF or LF (or, from sloppy writers, CR or nothing): try each.
    const start = [keywordEnd + 2, keywordEnd + 1, keywordEnd].find((at) => looksLikeZlib(bytes, at));
    if (start === undefined) continue;
    let layer: Uint8Array = bytes.subarray(start);
    for (let depth = 0; depth < MAX_FILTER_LAYERS && looksLikeZlib(layer, 0); depth++) {
      const remaining = budget - inflated;
      let output: Buffer;
      try {
        // Z_SYNC_FLUSH: a cut-off stream still yields what it holds (a decoder would read that much too).
        output = inflateSync(layer, { maxOutputLength: remaining + 1, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { withinBudget: false, inflatedBytes: budget + 1 };
        break; // not zlib data after all: nothing a decoder could inflate either
      }
      inflated += output.length;
      if (inflated > budget) return { withinBudget: false, inflatedBytes: inflated };
      layer = output;
    }
  }
  return { withinBudget: true, inflatedBytes: inflated };
}
