import type { SigningMethod } from '@careers/contracts';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { sha256Hex } from '../../kernel/sha256';
import { appendIncrementalUpdate, snapshotObjects, type ObjectSnapshot } from './incremental-update';
import type { Translate } from '../../i18n/catalogues';
import { fontCovers } from './pdf-fonts';
import { PDF_COLORS, drawLine, drawParagraph, fitSize, pdfTranslator, type PdfTranslate, type TextStyle } from './pdf-layout';
import { createTypesetter, type Typesetter } from './pdf-typesetter';
import { signatureBoxOn } from './signature-box';
import { stripActiveContent } from './strip-active-content';
import {
  certificateIntro,
  certificateLines,
  certificateNote,
  certificateSections,
  certificateTitle,
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
  /** The signer's language for the stamp and the certificate; English when omitted or unknown. */
  locale?: string;
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

const STAMP_ROLES = ['sans', 'sansBold', 'serifItalic', 'sansOblique'] as const;
const CERTIFICATE_ROLES = [...STAMP_ROLES, 'mono'] as const;
type SignatureRole = 'serifItalic' | 'sansOblique';

/**
 * Signs a PDF (issue 4 "Signing"; QUALITY.md "Signing evidence"): stamps the typed signature, the signer and
 * the date into the signature box of the last page, then appends a signing certificate page. Both steps are
 * incremental updates, so the original is the untouched byte prefix of the stamped file and the stamped file
 * the byte prefix of the result: every hash printed on the certificate can be checked on the file itself.
 * The stamp and the certificate are written in the signer's language (issue 13), names in any script.
 */
export async function stampSignedPdf(input: StampInput): Promise<SignedPdf> {
  const original = input.original;
  const { doc, snapshot: asOriginal } = await loadForUpdate(original);
  // Nothing that acts by itself is re-served in a receipt (issue 8 §1), even from a file stored before the check.
  stripActiveContent(doc);
  const pageCount = doc.getPageCount();
  if (pageCount === 0) throw new UnreadablePdfError('The document to sign has no pages');

  const t = pdfTranslator(input.locale);
  const stampTexts = [input.signerName, ...stampLines(t, input, pageCount + 1)];
  const stampType = await createTypesetter(doc, { locale: t.locale, roles: STAMP_ROLES, texts: stampTexts });
  drawStamp(doc.getPage(pageCount - 1), stampType, t, input, pageCount + 1);
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
  const certificateType = await createTypesetter(doc, { locale: t.locale, roles: CERTIFICATE_ROLES, texts: certificateLines(t, facts) });
  drawCertificate(doc.addPage(certificatePageSize(doc.getPage(pageCount - 1))), certificateType, t, facts);
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
    certificateLines: certificateLines(t, facts),
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

/** The script-like style for a typed name: DejaVu Serif Italic, else Sans Oblique for letters it lacks. */
const signatureRole = (name: string): SignatureRole => (fontCovers('serifItalic', name) ? 'serifItalic' : 'sansOblique');

/** When it was signed, in the signer's language: spec §9's MM/DD/YYYY in English; always in UTC, and saying so. */
function stampDate(locale: string, at: Date): string {
  if (locale === 'en') {
    const iso = at.toISOString();
    return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)} ${iso.slice(11, 16)} UTC`;
  }
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC', timeZoneName: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(at);
}

const stampLines = (t: PdfTranslate, input: StampInput, certificatePage: number): string[] => [
  t(input.method === 'upload' ? 'stamp.received' : 'stamp.signed'),
  t('stamp.signer', { name: input.signerName, date: stampDate(t.locale, input.signedAt) }),
  t('stamp.certificateOn', { page: certificatePage }),
];

/**
 * The stamp: a white box with the signature, the signer, the date and where the certificate is. The box is
 * where signature-box.ts says in every language; inside it, text starts at the box's inline-start edge.
 */
function drawStamp(page: PDFPage, type: Typesetter, t: PdfTranslate, input: StampInput, certificatePage: number): void {
  const crop = page.getCropBox();
  const local = signatureBoxOn({ width: crop.width, height: crop.height });
  const box = { ...local, x: crop.x + local.x, y: crop.y + local.y };
  const pad = 9;
  const inner = box.width - 2 * pad;
  page.drawRectangle({ ...box, color: PDF_COLORS.white, borderColor: PDF_COLORS.brand, borderWidth: 0.9 });
  // Inline-start offset of the box's inner edge: from the page's left in ltr, from its right in rtl.
  const x = type.direction === 'ltr' ? box.x + pad : page.getWidth() - box.x - box.width + pad;

  const [label, who, where] = stampLines(t, input, certificatePage) as [string, string, string];
  type.draw(page, label, { x, y: box.y + box.height - 15, size: 7.5, role: 'sansBold', color: PDF_COLORS.brand });

  const baseline = box.y + 36;
  if (input.method === 'upload') {
    type.draw(page, input.signerName, { x, y: baseline + 6, size: fitSize(type, input.signerName, 'sansBold', inner, 13), role: 'sansBold', color: PDF_COLORS.text, direction: 'auto' });
  } else {
    const role = signatureRole(input.signerName);
    type.draw(page, input.signerName, { x, y: baseline + 5, size: fitSize(type, input.signerName, role, inner, 22), role, color: PDF_COLORS.brand, direction: 'auto' });
  }
  page.drawLine({ start: { x: box.x + pad, y: baseline }, end: { x: box.x + box.width - pad, y: baseline }, thickness: 0.5, color: PDF_COLORS.muted });

  type.draw(page, who, { x, y: baseline - 12, size: fitSize(type, who, 'sans', inner, 8), role: 'sans', color: PDF_COLORS.text });
  type.draw(page, where, { x, y: baseline - 23, size: 7, role: 'sans', color: PDF_COLORS.muted });
}

/** The last page's size, so the file prints evenly, unless it is too small for the certificate. */
function certificatePageSize(last: PDFPage): [number, number] {
  const { width, height } = last.getSize();
  return width >= 540 && height >= 700 ? [width, height] : [612, 792];
}

function drawCertificate(page: PDFPage, type: Typesetter, t: Translate, facts: CertificateFacts): void {
  const { width, height } = page.getSize();
  const margin = 54;
  const labelWidth = 118;
  const valueX = margin + labelWidth;
  const valueWidth = width - margin - valueX;
  const body: TextStyle = { role: 'sans', size: 9, leading: 13 };

  page.drawRectangle({ x: 0, y: height - 10, width, height: 10, color: PDF_COLORS.brand });
  drawLine(type, page, certificateTitle(t), { role: 'sansBold', size: 20, color: PDF_COLORS.brand }, margin, height - 58);
  let y = drawParagraph(type, page, certificateIntro(t, facts), { ...body, color: PDF_COLORS.muted }, margin, height - 68, width - 2 * margin) - 8;

  for (const section of certificateSections(t, facts)) {
    y -= 10;
    drawLine(type, page, section.title, { role: 'sansBold', size: 11, color: PDF_COLORS.brand }, margin, y - 11);
    y -= 16;
    page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 0.5, color: PDF_COLORS.rule });
    y -= 2;
    for (const row of section.rows) {
      if (row.label !== '') drawParagraph(type, page, row.label, { role: 'sansBold', size: 8.5, leading: 13, color: PDF_COLORS.muted }, margin, y + 0.5, labelWidth - 6);
      if (row.kind === 'hash') {
        y = drawParagraph(type, page, row.value, { role: 'mono', size: 8.5, leading: 13, direction: 'ltr' }, valueX, y, valueWidth);
      } else if (row.kind === 'signature') {
        const role = signatureRole(row.value);
        y -= 18;
        type.draw(page, row.value, { x: valueX, y: y + 3, size: fitSize(type, row.value, role, valueWidth, 15), role, color: PDF_COLORS.brand, direction: 'auto' });
      } else {
        y = drawParagraph(type, page, row.value, { ...body, direction: row.kind === 'text' ? undefined : 'auto' }, valueX, y, valueWidth);
      }
      y -= 3;
    }
  }
  const note = certificateNote(t, facts);
  const noteStyle: TextStyle = { role: 'sans', size: 7.5, leading: 10.5, color: PDF_COLORS.muted };
  const noteTop = Math.min(y - 12, 40 + type.wrap(note, noteStyle.role, noteStyle.size, width - 2 * margin).length * 10.5);
  drawParagraph(type, page, note, noteStyle, margin, noteTop, width - 2 * margin);
}
