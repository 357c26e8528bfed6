import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { stampSignedPdf } from './signing.pdf';
import { buildUploadCorpus, handmadePdf, type Sample } from '../offers/signed-upload.corpus';
import './read-pdf-text';
import { stripActiveContent } from './strip-active-content';

/**
 * Issue 8 §1: pdf.js read the OpenAction script back from a receipt the site drew on a stored upload. What a
 * reader sees of a receipt (pdf.js, following the incremental update) carries no script, action on open or
 * attachment, whatever the file it was drawn on.
 */

interface ReaderView {
  jsActions: unknown;
  openAction: unknown;
  attachments: unknown;
  annotationActions: number;
}

async function whatPdfJsSees(bytes: Uint8Array): Promise<ReaderView> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    let annotationActions = 0;
    for (let number = 1; number <= doc.numPages; number++) {
      const annotations = (await (await doc.getPage(number)).getAnnotations()) as { actions?: Record<string, unknown>; action?: string }[];
      annotationActions += annotations.filter((a) => (a.actions && Object.keys(a.actions).length > 0) || a.action).length;
    }
    return { jsActions: await doc.getJSActions(), openAction: await doc.getOpenAction(), attachments: await doc.getAttachments(), annotationActions };
  } finally {
    await doc.destroy();
  }
}

const stamp = (original: Uint8Array) =>
  stampSignedPdf({
    original, signerName: 'Ada Lovelace', signerEmail: 'ada@acme.example', signedAt: new Date('2026-03-02T00:00:00Z'), ip: '127.0.0.1',
    userAgent: 'test', offerId: 'o1', documentId: 'd1', method: 'upload', consentText: 'I uploaded it.', consentVersion: 'v1',
  }).then((signed) => signed.signedPdf);

let active: Sample[];
beforeAll(async () => {
  const { malformed } = await buildUploadCorpus();
  active = malformed.filter((sample) => /^(active content|evasion (lowercase|all-lowercase|uri|named|remote|rendition|rich|escaped uri|script on a page))/.test(sample.label) || sample.label === 'javascript inside an object stream' || sample.label === 'pdf-lib attachment');
}, 60_000);

describe('receipts drawn on a file with active content', () => {
  it('show pdf.js no script, no action on open, no attachment, no acting annotation', async () => {
    expect(active.length).toBeGreaterThanOrEqual(20);
    const before = await whatPdfJsSees(active.find((s) => s.label === 'evasion lowercase-escaped JavaScript')?.bytes ?? new Uint8Array());
    expect(before.jsActions).not.toBeNull(); // the file itself does carry a script a reader would run
    for (const sample of active) {
      const receipt = await stamp(sample.bytes);
      const seen = await whatPdfJsSees(receipt);
      expect(seen, sample.label).toEqual({ jsActions: null, openAction: null, attachments: null, annotationActions: 0 });
    }
  }, 120_000);

  it('changes nothing in a file without active content', async () => {
    const plain = await PDFDocument.load(handmadePdf({ catalogExtra: '/OpenAction [3 0 R /Fit]' }));
    expect(stripActiveContent(plain)).toBe(1); // an open action, even a harmless one, is not needed on a receipt
    const clean = await PDFDocument.load(handmadePdf());
    expect(stripActiveContent(clean)).toBe(0);
  });
});
