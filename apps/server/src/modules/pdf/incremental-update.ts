import { PDFNumber, type PDFDocument, type PDFObject } from 'pdf-lib';

/**
 * Saves pdf-lib changes as a PDF incremental update (ISO 32000-1 §7.5.6): the new and changed objects, a
 * cross-reference section and a trailer pointing back with /Prev are appended after the untouched original
 * bytes. So the document as it was before the change remains the exact byte prefix of the result, and
 * anyone can check a recorded SHA-256 with `head -c <length> file | sha256sum` — the way signed PDFs keep
 * what was signed verifiable. pdf-lib 1.17 only rewrites whole files, hence this small writer.
 *
 * Use: `const before = snapshotObjects(doc)` right after `PDFDocument.load(base, { updateMetadata: false })`,
 * change the document, then `await appendIncrementalUpdate(base, doc, before)`.
 */

export type ObjectSnapshot = ReadonlyMap<string, Uint8Array>;

const keyOf = (objectNumber: number, generationNumber: number): string => `${objectNumber} ${generationNumber}`;

function serialize(object: PDFObject): Uint8Array {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.compare(a, b) === 0;
}

/**
 * Records how every object of a freshly loaded document serialises, and reserves object numbers above the
 * base file's /Size so new objects never reuse a number the base declared (pdf-lib skips xref streams).
 */
export function snapshotObjects(doc: PDFDocument, base: Uint8Array): ObjectSnapshot {
  const { context } = doc;
  const declaredSize = previousSize(base);
  if (declaredSize !== null && declaredSize - 1 > context.largestObjectNumber) context.largestObjectNumber = declaredSize - 1;
  const snapshot = new Map<string, Uint8Array>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    snapshot.set(keyOf(ref.objectNumber, ref.generationNumber), serialize(object));
  }
  return snapshot;
}

export async function appendIncrementalUpdate(base: Uint8Array, doc: PDFDocument, before: ObjectSnapshot): Promise<Uint8Array> {
  await doc.flush();
  const prevXref = lastStartXref(base);
  const changed = doc.context
    .enumerateIndirectObjects()
    .map(([ref, object]) => ({ ref, bytes: serialize(object) }))
    .filter(({ ref, bytes }) => {
      const old = before.get(keyOf(ref.objectNumber, ref.generationNumber));
      return old === undefined || !sameBytes(old, bytes);
    })
    .sort((a, b) => a.ref.objectNumber - b.ref.objectNumber);
  if (changed.length === 0) return base;

  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let offset = base.length;
  const push = (chunk: Uint8Array | string): void => {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    chunks.push(bytes);
    offset += bytes.length;
  };

  const last = base[base.length - 1];
  if (last !== 0x0a && last !== 0x0d) push('\n');
  const entries: { objectNumber: number; generationNumber: number; offset: number }[] = [];
  for (const { ref, bytes } of changed) {
    entries.push({ objectNumber: ref.objectNumber, generationNumber: ref.generationNumber, offset });
    push(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    push(bytes);
    push('\nendobj\n');
  }

  const xrefOffset = offset;
  push(crossReferenceSection(entries));
  const { trailerInfo } = doc.context;
  const trailer = doc.context.obj({
    Size: doc.context.largestObjectNumber + 1,
    Root: trailerInfo.Root,
    Info: trailerInfo.Info,
    ID: trailerInfo.ID,
    Prev: PDFNumber.of(prevXref),
  });
  push(`trailer\n${trailer.toString()}\nstartxref\n${xrefOffset}\n%%EOF\n`);
  const out = new Uint8Array(offset);
  out.set(base, 0);
  let at = base.length;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Subsections of consecutive object numbers; every entry exactly 20 bytes (§7.5.4). */
function crossReferenceSection(entries: readonly { objectNumber: number; generationNumber: number; offset: number }[]): string {
  let section = 'xref\n';
  let start = 0;
  while (start < entries.length) {
    let end = start + 1;
    while (end < entries.length && entries[end]!.objectNumber === entries[end - 1]!.objectNumber + 1) end++;
    section += `${entries[start]!.objectNumber} ${end - start}\n`;
    for (const entry of entries.slice(start, end)) {
      section += `${String(entry.offset).padStart(10, '0')} ${String(entry.generationNumber).padStart(5, '0')} n\r\n`;
    }
    start = end;
  }
  return section;
}

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** The byte offset the base file's last `startxref` names. */
export function lastStartXref(base: Uint8Array): number {
  const tail = latin1(base.subarray(Math.max(0, base.length - 2048)));
  const match = /startxref\s+(\d+)\s+%%EOF[\s\0]*$/.exec(tail);
  if (!match) throw new Error('PDF has no startxref at its end');
  return Number(match[1]);
}

/** /Size of the base's last cross-reference section (a trailer or an xref stream dictionary). */
function previousSize(base: Uint8Array): number | null {
  const at = lastStartXref(base);
  if (at >= base.length) return null;
  const match = /\/Size\s+(\d+)/.exec(latin1(base.subarray(at, Math.min(base.length, at + 1_048_576))));
  return match ? Number(match[1]) : null;
}
