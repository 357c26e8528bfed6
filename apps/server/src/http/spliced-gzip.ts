import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip for pages kept around a per-request piece (a shared page with each visitor's CSRF token spliced in,
 * modules/shell/page-cache.ts): the page's parts are compressed once, and each request only frames its
 * piece, so a cached 45 KB search page leaves as ~9 KB for a few microseconds of work instead of a
 * millisecond of deflate (QUALITY P11; and a phone on a slow network waits for every byte).
 *
 * How: a deflate stream is a sequence of blocks, and a full flush ends a block on a byte boundary with no
 * reference to earlier data after it. So each part is deflated on its own and ended by a full flush; the
 * piece goes in as a stored (uncompressed) block; a final empty block ends the stream; and the gzip trailer
 * carries the CRC-32 and length of the whole page, computed per request over the parts in order.
 */
export interface SplicedGzip {
  /** Each part deflated on its own, ending on a byte boundary with no final block. */
  deflated: readonly Buffer[];
  /** Each part's uncompressed length, for the trailer's size. */
  lengths: readonly number[];
  parts: readonly Buffer[];
}

/** ID1 ID2, CM = deflate, no flags, no mtime, no extra flags, OS = unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** BFINAL = 1 with a fixed-Huffman block holding only its end code: the stream's last block. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most 65,535 bytes. */
const STORED_BLOCK_MAX = 0xffff;

export function prepareSplicedGzip(parts: readonly Buffer[], level = 6): SplicedGzip {
  return {
    parts,
    lengths: parts.map((part) => part.length),
    deflated: parts.map((part) => deflateRawSync(part, { level, finishFlush: constants.Z_FULL_FLUSH })),
  };
}

/** Non-final stored blocks holding `piece` (the stream is on a byte boundary before and after them). */
function storedBlocks(piece: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < piece.length; start += STORED_BLOCK_MAX) {
    const chunk = piece.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0; // BFINAL = 0, BTYPE = 00 (stored); the rest of the byte is padding to the boundary.
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/**
 * The gzip member of parts[0] + piece + parts[1] + piece + … — the same bytes `gzip` of the spliced page
 * would inflate to — as buffers to write in order.
 */
/** CRC-32 continued over `data`. Node 20's zlib.crc32 answers 0 for some empty buffers: skip those. */
function continueCrc(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : crc32(data, crc);
}

export function splicedGzip(prepared: SplicedGzip, piece: Buffer): Buffer[] {
  const out: Buffer[] = [GZIP_HEADER];
  const pieceBlocks = storedBlocks(piece);
  let crc = 0;
  let size = 0;
  prepared.parts.forEach((part, index) => {
    if (index > 0) {
      out.push(...pieceBlocks);
      crc = continueCrc(piece, crc);
      size += piece.length;
    }
    out.push(prepared.deflated[index] as Buffer);
    crc = continueCrc(part, crc);
    size += prepared.lengths[index] as number;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return out;
}
