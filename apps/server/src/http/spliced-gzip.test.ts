import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareSplicedGzip, splicedGzip } from './spliced-gzip';

function spliced(parts: readonly Buffer[], piece: Buffer): Buffer {
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(piece);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

describe('spliced gzip', () => {
  it('inflates to the page with the piece spliced in, for a page like ours', () => {
    const page = `<!doctype html><html><head><meta name="csrf-token" content="@@"></head><body>${'<li class="job">Engineer</li>'.repeat(500)}<script>{"csrf":"@@"}</script></body></html>`;
    const parts = page.split('@@').map((part) => Buffer.from(part));
    const prepared = prepareSplicedGzip(parts);
    const token = Buffer.from('tok_3f9a1c');
    const gzipped = Buffer.concat(splicedGzip(prepared, token));
    expect(gunzipSync(gzipped).toString()).toBe(page.replaceAll('@@', 'tok_3f9a1c'));
    // Compressed once, framed per request: the page shrinks as gzip would shrink it.
    expect(gzipped.length).toBeLessThan(page.length / 10);
  });

  it('gives different visitors their own piece from the same prepared parts', () => {
    const parts = ['<a>', '<b>', '<c>'].map((part) => Buffer.from(part));
    const prepared = prepareSplicedGzip(parts);
    expect(gunzipSync(Buffer.concat(splicedGzip(prepared, Buffer.from('one')))).toString()).toBe('<a>one<b>one<c>');
    expect(gunzipSync(Buffer.concat(splicedGzip(prepared, Buffer.from('two')))).toString()).toBe('<a>two<b>two<c>');
  });

  it('frames pieces longer than one stored block (65,535 bytes) and empty ones', () => {
    const parts = [Buffer.from('start'), Buffer.alloc(0), Buffer.from('end')];
    const big = randomBytes(150_000);
    expect(gunzipSync(Buffer.concat(splicedGzip(prepareSplicedGzip(parts), big))).equals(spliced(parts, big))).toBe(true);
    expect(gunzipSync(Buffer.concat(splicedGzip(prepareSplicedGzip(parts), Buffer.alloc(0)))).toString()).toBe('startend');
  });

  it('is a valid gzip member for any parts and piece (CRC and size checked by the inflater)', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 3000 }), { minLength: 1, maxLength: 6 }), fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 9 }), (rawParts, rawPiece, level) => {
        const parts = rawParts.map((part) => Buffer.from(part));
        const piece = Buffer.from(rawPiece);
        const out = gunzipSync(Buffer.concat(splicedGzip(prepareSplicedGzip(parts, level), piece)));
        expect(out.equals(spliced(parts, piece))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
