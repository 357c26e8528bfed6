import type { SigningMethod } from '@careers/contracts';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { sha256Hex } from '../../kernel/sha256';
import { appendIncrementalUpdate, snapshotObjects, type ObjectSnapshot } from './incremental-update';
import { drawableText, embedFonts, fontCovers, type FontSet } from './pdf-fonts';
import { PDF_COLORS, drawParagraph, type TextStyle } from './pdf-layout';
import { wrapText } from './pdf-text';
import { signatureBoxOn } from './signature-box';
import { stripActiveContent } from './strip-active-content';
import {
  CERTIFICATE_TITLE,
  certificateIntro,
  certificateLines,
  certificateNote,
  certificateSections,
  type CertificateFacts,
} from './signing-certificate';

export interface StampInput {
  original: Uint8Array;
  /** The signer's name as typed and validated (spec §5: equal to the profile's full name). */
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  offerId: string;
  documentId: string;
  method: SigningMethod;
  consentText: string;
  consentVersion: string;
}

export interface SignedPdf {
  /** Original + stamp update + certificate update: the file the candidate downloads afterwards. */
  signedPdf: Uint8Array;
  originalSha256: string;
  /** The stamped document before the certificate page: the first `stampedLength` bytes of `signedPdf`. */
  stampedSha256: string;
  stampedLength: number;
  /** Of the whole returned file; printed nowhere inside it (it cannot be), recorded in the audit event. */
  signedSha256: string;
  consentSha256: string;
  /** 1-based page numbers in the signed file. */
  stampedPage: number;
  certificatePage: number;
  /** Every string drawn on the certificate page, in reading order. */
  certificateLines: string[];
}

export class UnreadablePdfError extends Error {
  override name = 'UnreadablePdfError';
}

type ScriptFontName = 'serifItalic' | 'sansOblique';
type StampFonts = FontSet<'sans' | 'sansBold'> & { script: PDFFont };
type CertificateFonts = StampFonts & { mono: PDFFont };

/**
 * Signs a PDF (issue 4 "Signing"; QUALITY.md "Signing evidence"): stamps the typed signature, the signer and
 * the date into the signature box of the last page, then appends a signing certificate page. Both steps are
 * incremental updates, so the original is the untouched byte prefix of the stamped file and the stamped file
 * the byte prefix of the result: every hash printed on the certificate can be checked on the file itself.
 */
export async function stampSignedPdf(input: StampInput): Promise<SignedPdf> {
  const original = input.original;
  const { doc, snapshot: asOriginal } = await loadForUpdate(original);
  // Nothing that acts by itself is re-served in a receipt (issue 8 §1), even from a file stored before the check.
  stripActiveContent(doc);
  const pageCount = doc.getPageCount();
  if (pageCount === 0) throw new UnreadablePdfError('The document to sign has no pages');

  const scriptFont = signatureFontName(input.signerName);
  const stampFonts = await embedFonts(doc, ['sans', 'sansBold', scriptFont] as const);
  drawStamp(doc.getPage(pageCount - 1), { ...stampFonts, script: stampFonts[scriptFont] }, scriptFont, input, pageCount + 1);
  doc.setModificationDate(input.signedAt);
  const stamped = await appendIncrementalUpdate(original, doc, asOriginal);

  const facts: CertificateFacts = {
    signerName: input.signerName,
    signerEmail: input.signerEmail,
    typedSignature: input.method === 'upload' ? null : input.signerName,
    method: input.method,
    signedAt: input.signedAt,
    ip: input.ip,
    userAgent: input.userAgent,
    offerId: input.offerId,
    documentId: input.documentId,
    stampedPage: pageCount,
    certificatePage: pageCount + 1,
    originalSha256: sha256Hex(original),
    originalLength: original.length,
    stampedSha256: sha256Hex(stamped),
    stampedLength: stamped.length,
    consentVersion: input.consentVersion,
    consentSha256: sha256Hex(input.consentText),
    consentText: input.consentText,
  };
  // The document as just written is the new base; fresh fonts keep the stamp's subsets untouched.
  const asStamped = snapshotObjects(doc, stamped);
  const certificateFonts = await embedFonts(doc, ['sans', 'sansBold', 'mono', scriptFont] as const);
  drawCertificate(
    doc.addPage(certificatePageSize(doc.getPage(pageCount - 1))),
    { ...certificateFonts, script: certificateFonts[scriptFont] },
    scriptFont,
    facts,
  );
  const signedPdf = await appendIncrementalUpdate(stamped, doc, asStamped);

  return {
    signedPdf,
    originalSha256: facts.originalSha256,
    stampedSha256: facts.stampedSha256,
    stampedLength: facts.stampedLength,
    signedSha256: sha256Hex(signedPdf),
    consentSha256: facts.consentSha256,
    stampedPage: facts.stampedPage,
    certificatePage: facts.certificatePage,
    certificateLines: certificateLines(facts),
  };
}

async function loadForUpdate(bytes: Uint8Array): Promise<{ doc: PDFDocument; snapshot: ObjectSnapshot }> {
  try {
    // updateMetadata off: loading must not change the Info dictionary behind our back.
    const doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
    return { doc, snapshot: snapshotObjects(doc, bytes) };
  } catch (error) {
    throw new UnreadablePdfError(`The document to sign is not a readable, unencrypted PDF: ${(error as Error).message}`);
  }
}

/** The script-like font for a typed name: DejaVu Serif Italic, else Sans Oblique for scripts it lacks. */
const signatureFontName = (name: string): ScriptFontName => (fontCovers('serifItalic', name) ? 'serifItalic' : 'sansOblique');

const stampDate = (at: Date): string => {
  const iso = at.toISOString();
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
};

/** The stamp: a white box with the signature, the signer, the date and where the certificate is. */
function drawStamp(
  page: PDFPage,
  fonts: StampFonts,
  scriptFont: ScriptFontName,
  input: StampInput,
  certificatePage: number,
): void {
  const crop = page.getCropBox();
  const local = signatureBoxOn({ width: crop.width, height: crop.height });
  const box = { ...local, x: crop.x + local.x, y: crop.y + local.y };
  const pad = 9;
  const inner = box.width - 2 * pad;
  page.drawRectangle({ ...box, color: PDF_COLORS.white, borderColor: PDF_COLORS.brand, borderWidth: 0.9 });

  const isUpload = input.method === 'upload';
  const label = isUpload ? 'Signed copy received' : 'Electronically signed';
  page.drawText(label, { x: box.x + pad, y: box.y + box.height - 15, size: 7.5, font: fonts.sansBold, color: PDF_COLORS.brand });

  const baseline = box.y + 36;
  if (isUpload) {
    const name = drawableText('sans', input.signerName);
    page.drawText(name, { x: box.x + pad, y: baseline + 6, size: fitSize(fonts.sansBold, name, inner, 13), font: fonts.sansBold, color: PDF_COLORS.text });
  } else {
    const signature = drawableText(scriptFont, input.signerName);
    const size = fitSize(fonts.script, signature, inner, 22);
    page.drawText(signature, { x: box.x + pad, y: baseline + 5, size, font: fonts.script, color: PDF_COLORS.brand });
  }
  page.drawLine({ start: { x: box.x + pad, y: baseline }, end: { x: box.x + box.width - pad, y: baseline }, thickness: 0.5, color: PDF_COLORS.muted });

  const who = drawableText('sans', `${input.signerName} · ${stampDate(input.signedAt)}`);
  page.drawText(who, { x: box.x + pad, y: baseline - 12, size: fitSize(fonts.sans, who, inner, 8), font: fonts.sans, color: PDF_COLORS.text });
  const where = `Signing certificate on page ${certificatePage}`;
  page.drawText(where, { x: box.x + pad, y: baseline - 23, size: 7, font: fonts.sans, color: PDF_COLORS.muted });
}

/** The largest size up to `max` at which `text` fits in `width` (long names shrink, never overflow). */
function fitSize(font: PDFFont, text: string, width: number, max: number): number {
  const atOne = font.widthOfTextAtSize(text, 1);
  return atOne === 0 ? max : Math.max(4, Math.min(max, width / atOne));
}

/** The last page's size, so the file prints evenly, unless it is too small for the certificate. */
function certificatePageSize(last: PDFPage): [number, number] {
  const { width, height } = last.getSize();
  return width >= 540 && height >= 700 ? [width, height] : [612, 792];
}

function drawCertificate(page: PDFPage, fonts: CertificateFonts, scriptFont: ScriptFontName, facts: CertificateFacts): void {
  const { width, height } = page.getSize();
  const margin = 54;
  const labelWidth = 118;
  const valueX = margin + labelWidth;
  const valueWidth = width - margin - valueX;
  const body: TextStyle = { font: fonts.sans, size: 9, leading: 13 };
  const clean = (text: string): string => drawableText('sans', text);

  page.drawRectangle({ x: 0, y: height - 10, width, height: 10, color: PDF_COLORS.brand });
  page.drawText(CERTIFICATE_TITLE, { x: margin, y: height - 58, size: 20, font: fonts.sansBold, color: PDF_COLORS.brand });
  let y = drawParagraph(page, clean(certificateIntro(facts)), { ...body, color: PDF_COLORS.muted }, margin, height - 68, width - 2 * margin) - 8;

  for (const section of certificateSections(facts)) {
    y -= 10;
    page.drawText(section.title, { x: margin, y: y - 11, size: 11, font: fonts.sansBold, color: PDF_COLORS.brand });
    y -= 16;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: PDF_COLORS.rule });
    y -= 2;
    for (const row of section.rows) {
      if (row.label !== '') page.drawText(clean(row.label), { x: margin, y: y - 11, size: 8.5, font: fonts.sansBold, color: PDF_COLORS.muted });
      if (row.kind === 'hash') {
        y = drawParagraph(page, row.value, { font: fonts.mono, size: 8.5, leading: 13 }, valueX, y, valueWidth);
      } else if (row.kind === 'signature') {
        const signature = drawableText(scriptFont, row.value);
        y -= 18;
        const size = fitSize(fonts.script, signature, valueWidth, 15);
        page.drawText(signature, { x: valueX, y: y + 3, size, font: fonts.script, color: PDF_COLORS.brand });
      } else {
        y = drawParagraph(page, clean(row.value), body, valueX, y, valueWidth);
      }
      y -= 3;
    }
  }
  const note = clean(certificateNote(facts));
  const noteStyle: TextStyle = { font: fonts.sans, size: 7.5, leading: 10.5, color: PDF_COLORS.muted };
  const noteTop = Math.min(y - 12, 40 + wrapText(note, noteStyle.font, noteStyle.size, width - 2 * margin).length * 10.5);
  drawParagraph(page, note, noteStyle, margin, noteTop, width - 2 * margin);
}
