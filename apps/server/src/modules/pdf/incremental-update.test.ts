import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appendIncrementalUpdate, lastStartXref, snapshotObjects } from './incremental-update';
import { readPdfText } from './read-pdf-text';

async function basePdf(useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([300, 300]).drawText('first page', { x: 20, y: 250, size: 12, font });
  return doc.save({ useObjectStreams });
}

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

describe('appendIncrementalUpdate', () => {
  for (const useObjectStreams of [false, true]) {
    it(`appends changes after the untouched base (${useObjectStreams ? 'xref stream' : 'xref table'} base)`, async () => {
      const base = await basePdf(useObjectStreams);
      const doc = await PDFDocument.load(base, { updateMetadata: false });
      const before = snapshotObjects(doc, base);
      const font = await doc.embedFont(StandardFonts.Courier);
      doc.getPage(0).drawText('stamp', { x: 20, y: 20, size: 10, font });
      doc.addPage([300, 300]).drawText('second page', { x: 20, y: 250, size: 12, font });
      const updated = await appendIncrementalUpdate(base, doc, before);

      expect(Buffer.compare(updated.subarray(0, base.length), base)).toBe(0);
      const tail = latin1(updated.subarray(base.length));
      expect(tail).toContain(`/Prev ${lastStartXref(base)}`);
      expect(tail.trimEnd().endsWith('%%EOF')).toBe(true);

      // Every cross-reference entry points at the object it names.
      const xrefAt = lastStartXref(updated);
      const section = latin1(updated.subarray(xrefAt)).split('trailer')[0] ?? '';
      const lines = section.split(/\r?\n/).slice(1);
      let objectNumber = 0;
      for (const line of lines) {
        const header = /^(\d+) (\d+)$/.exec(line);
        if (header) {
          objectNumber = Number(header[1]);
          continue;
        }
        const entry = /^(\d{10}) (\d{5}) n$/.exec(line.trimEnd());
        if (!entry) continue;
        expect(latin1(updated.subarray(Number(entry[1]), Number(entry[1]) + 20))).toMatch(new RegExp(`^${objectNumber} ${Number(entry[2])} obj`));
        objectNumber++;
      }

      const read = await readPdfText(updated);
      expect(read.pageCount).toBe(2);
      expect(read.pages[0]).toContain('first page');
      expect(read.pages[0]).toContain('stamp');
      expect(read.pages[1]).toContain('second page');
      expect((await PDFDocument.load(updated)).getPageCount()).toBe(2);
    });
  }

  it('writes only what changed', async () => {
    const base = await basePdf(false);
    const doc = await PDFDocument.load(base, { updateMetadata: false });
    const before = snapshotObjects(doc, base);
    expect(await appendIncrementalUpdate(base, doc, before)).toBe(base);
    doc.setTitle('Changed');
    const updated = await appendIncrementalUpdate(base, doc, before);
    const tail = latin1(updated.subarray(base.length));
    expect(tail.match(/ obj\n/g)).toHaveLength(1);
    expect(tail).toContain('/Title');
  });

  it('refuses a base without a startxref', () => {
    expect(() => lastStartXref(new TextEncoder().encode('%PDF-1.7\n'))).toThrow(/startxref/);
  });
});
