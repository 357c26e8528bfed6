import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderOfferLetterPdf } from './offer-letter.pdf';
import { sha256Hex } from '../../kernel/sha256';
import { translator } from '../../i18n/catalogues';
import { readPdfText } from './read-pdf-text';
import { UnreadablePdfError, stampSignedPdf, type SignedPdf, type StampInput } from './signing.pdf';

const CONSENT = 'I agree to sign this offer letter electronically. My typed name is my signature and has the same effect as a handwritten one.';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const squash = (text: string): string => text.replace(/\s+/g, ' ');

let letter: Uint8Array;
let base: StampInput;
/** One inline signing of the two-page letter, read back by pdf.js, shared by the checks that only read it. */
let inline: SignedPdf;
let inlineText: Awaited<ReturnType<typeof readPdfText>>;
let letterText: Awaited<ReturnType<typeof readPdfText>>;

beforeAll(async () => {
  letter = await renderOfferLetterPdf({
    companyName: 'Acme Robotics',
    candidateName: 'Łukasz Żółć',
    positionName: 'Senior Robotics Engineer',
    salaryText: '$145,000 per year',
    startDate: new Date('2026-04-06T00:00:00Z'),
    managerName: 'Grace Hopper',
    offerId: 'off_7Hk2',
    issuedAt: new Date('2026-03-01T09:00:00Z'),
  });
  base = {
    original: letter,
    signerName: 'Łukasz Żółć',
    signerEmail: 'lukasz@example.com',
    signedAt: new Date('2026-03-10T12:34:56.789Z'),
    ip: '203.0.113.42',
    userAgent: UA,
    offerId: 'off_7Hk2',
    documentId: 'doc_91aa',
    method: 'inline',
    consentText: CONSENT,
    consentVersion: 'esign-consent-v1',
  };
  inline = await stampSignedPdf(base);
  inlineText = await readPdfText(inline.signedPdf);
  letterText = await readPdfText(letter);
});

describe('stampSignedPdf', () => {
  it('appends one certificate page and keeps every earlier version as an exact byte prefix', async () => {
    const result = inline;
    const signed = result.signedPdf;
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(3);
    expect(result).toMatchObject({ stampedPage: 2, certificatePage: 3 });

    expect(Buffer.compare(signed.subarray(0, letter.length), letter)).toBe(0);
    expect(result.originalSha256).toBe(sha256Hex(letter));
    expect(sha256Hex(signed.subarray(0, result.stampedLength))).toBe(result.stampedSha256);
    expect(result.signedSha256).toBe(sha256Hex(signed));
    expect(result.consentSha256).toBe(sha256Hex(CONSENT));
    expect(new Set([result.originalSha256, result.stampedSha256, result.signedSha256]).size).toBe(3);
  });

  it('prints the evidence on the certificate page, as a viewer reads it', () => {
    const result = inline;
    const { pageCount, pages } = inlineText;
    expect(pageCount).toBe(3);
    const certificate = squash(pages[2] ?? '');
    for (const text of [
      'Signing certificate',
      'Name Łukasz Żółć',
      'Email lukasz@example.com',
      'Typed signature Łukasz Żółć',
      'Method Typed signature on the offer letter page',
      'Signed at (UTC) 2026-03-10T12:34:56.789Z',
      'IP address 203.0.113.42',
      'Mozilla/5.0 (X11; Linux x86_64)',
      'Chrome/131.0.0.0 Safari/537.36',
      'Offer id off_7Hk2',
      'Document id doc_91aa',
      'Stamped on page 2; this certificate is page 3',
      `SHA-256 of the first ${letter.length.toLocaleString('en')} bytes of this file: the document as presented for signing ${result.originalSha256}`,
      `SHA-256 of the first ${result.stampedLength.toLocaleString('en')} bytes of this file: the signed document before this certificate page was appended ${result.stampedSha256}`,
      'Consent version esign-consent-v1',
      `Consent SHA-256 ${result.consentSha256}`,
      'My typed name is my signature',
      `head -c ${result.stampedLength} file.pdf | sha256sum`,
    ]) {
      expect(certificate).toContain(text);
    }
    // The whole file's hash cannot be inside the file; it is returned for the audit log instead.
    expect(certificate).not.toContain(result.signedSha256);
    expect(result.certificateLines).toContain(`Consent version: esign-consent-v1`);
    expect(result.certificateLines).toContain(result.stampedSha256);
  });

  it('stamps the signature, signer and date on the last page, leaving the others as they were', () => {
    const before = letterText;
    const after = inlineText;
    expect(after.pages[0]).toBe(before.pages[0]);
    const stamped = squash(after.pages[1] ?? '');
    expect(stamped.startsWith(squash(before.pages[1] ?? ''))).toBe(true);
    expect(stamped).toContain('Electronically signed Łukasz Żółć');
    expect(stamped).toContain('Łukasz Żółć · 03/10/2026 12:34 UTC');
    expect(stamped).toContain('Signing certificate on page 3');
  });

  it('leaves the stamped version readable on its own (the prefix the certificate hashes)', async () => {
    const result = inline;
    const prefix = result.signedPdf.subarray(0, result.stampedLength);
    const { pageCount, pages } = await readPdfText(prefix);
    expect(pageCount).toBe(2);
    expect(pages[1]).toContain('Electronically signed');
    expect(pages.join(' ')).not.toContain('Signing certificate on page 3 Signing certificate');
    expect((await PDFDocument.load(prefix)).getPageCount()).toBe(2);
  });

  it('records an upload as a received signed copy, without inventing a typed signature', async () => {
    const result = await stampSignedPdf({ ...base, method: 'upload' });
    const { pages } = await readPdfText(result.signedPdf);
    expect(squash(pages[1] ?? '')).toContain('Signed copy received Łukasz Żółć');
    const certificate = squash(pages[2] ?? '');
    expect(certificate).toContain('Signature Handwritten, on the uploaded copy');
    expect(certificate).toContain('Method Upload of a copy signed by hand');
    expect(certificate).not.toContain('Typed signature');
  });

  it('names the e-signature method', async () => {
    const { pages } = await readPdfText((await stampSignedPdf({ ...base, method: 'esign' })).signedPdf);
    expect(squash(pages[2] ?? '')).toContain('Method Typed signature on the hosted e-signature page');
  });

  it('signs a 10-page letter into 11 pages', async () => {
    const ten = await renderOfferLetterPdf({
      companyName: 'Acme Robotics', candidateName: 'Ada Lovelace', positionName: 'Analyst', salaryText: '$1', startDate: new Date(0),
      managerName: 'Charles Babbage', offerId: 'o10', pages: 10, issuedAt: new Date(0),
    });
    const result = await stampSignedPdf({ ...base, original: ten, signerName: 'Ada Lovelace' });
    const { pageCount, pages } = await readPdfText(result.signedPdf);
    expect(pageCount).toBe(11);
    expect(pages[9]).toContain('Signing certificate on page 11');
    expect(squash(pages[10] ?? '')).toContain('Stamped on page 10; this certificate is page 11');
  });

  it('signs a foreign PDF saved with object streams, on A4 with an offset crop box', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    page.setCropBox(20, 30, 555, 800);
    page.drawText('Signed offer, printed elsewhere', { x: 60, y: 700, font: await doc.embedFont(StandardFonts.Helvetica), size: 14 });
    const foreign = await doc.save({ useObjectStreams: true });
    const result = await stampSignedPdf({ ...base, original: foreign });
    expect(Buffer.compare(result.signedPdf.subarray(0, foreign.length), foreign)).toBe(0);
    const { pageCount, pages } = await readPdfText(result.signedPdf);
    expect(pageCount).toBe(2);
    expect(pages[0]).toContain('Signed offer, printed elsewhere');
    expect(pages[0]).toContain('Electronically signed');
    expect(pages[1]).toContain('Signing certificate');
    const reloaded = await PDFDocument.load(result.signedPdf);
    expect(reloaded.getPage(1).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('falls back to an oblique sans for names the serif italic lacks, and draws CJK names in a CJK font', async () => {
    const cyrillic = await stampSignedPdf({ ...base, signerName: 'Пётр Чайковский' });
    expect((await readPdfText(cyrillic.signedPdf)).pages[1]).toContain('Пётр Чайковский');
    const cjk = await stampSignedPdf({ ...base, signerName: '山田太郎' });
    const { pages } = await readPdfText(cjk.signedPdf);
    expect(pages[1]).toContain('山田太郎');
    expect(pages[2]).toContain('山田太郎');
    expect(pages.join(' ')).not.toContain('\uFFFD');
    expect(cjk.certificateLines).toContain('Name: 山田太郎');
  });

  it("writes the stamp and the certificate in the signer's language, right to left in Arabic", async () => {
    const arabic = await stampSignedPdf({ ...base, signerName: 'ليلى حداد', locale: 'ar' });
    const { pages } = await readPdfText(arabic.signedPdf);
    const t = translator('ar', 'pdf');
    expect(pages[1]).toContain(t('stamp.signed'));
    const certificate = squash(pages[2] ?? '');
    for (const text of [t('certificate.title'), t('certificate.sections.signer'), t('certificate.labels.name'), t('certificate.labels.method'), 'ليلى حداد', arabic.stampedSha256]) {
      expect(certificate).toContain(text);
    }
    expect(arabic.certificateLines[0]).toBe(t('certificate.title'));
    expect(arabic.certificateLines.join(' ')).not.toMatch(/[\u2066-\u2069]/);
    // The same evidence, whatever the language: only the words around it change.
    expect(arabic.originalSha256).toBe(inline.originalSha256);
  });

  it('falls back to English for a language it does not know', async () => {
    const unknown = await stampSignedPdf({ ...base, locale: 'xx-YY' });
    expect(unknown.certificateLines[0]).toBe('Signing certificate');
  });

  it('cuts an absurd user agent on the page but never overflows', async () => {
    const result = await stampSignedPdf({ ...base, userAgent: 'X'.repeat(5000) });
    const { pages } = await readPdfText(result.signedPdf);
    expect(squash(pages[2] ?? '')).toContain('cut here; the full value is in the audit log');
  });

  it('gives the same bytes for the same signing', async () => {
    expect((await stampSignedPdf(base)).signedSha256).toBe(inline.signedSha256);
  });

  it('refuses something that is not a readable PDF', async () => {
    await expect(stampSignedPdf({ ...base, original: new TextEncoder().encode('<html>not a pdf</html>') })).rejects.toThrow(UnreadablePdfError);
  });
});
