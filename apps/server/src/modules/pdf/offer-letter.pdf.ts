import { formatOfferDate } from '@careers/contracts';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { drawableText, embedFonts, type FontSet } from './pdf-fonts';
import { LETTER_PAGE, PDF_COLORS, drawParagraph, drawRightAligned, paragraphHeight, type TextStyle } from './pdf-layout';
import { signatureBoxOn } from './signature-box';
import {
  LETTER_BENEFITS,
  SCHEDULE_CLAUSES,
  letterAcceptance,
  letterClosing,
  letterConditions,
  letterFirstDay,
  letterIntro,
  letterPay,
  letterScheduleNote,
  letterSummaryRows,
  type LetterFacts,
} from './offer-letter-text';

export interface OfferLetterInput {
  companyName: string;
  candidateName: string;
  positionName: string;
  /** Already formatted, e.g. "$145,000 per year". */
  salaryText: string;
  startDate: Date;
  managerName: string;
  /** 2 by default; more pages add Schedule A terms (a 10-page letter for the benchmarks). */
  pages?: number;
  offerId: string;
  /** Letter date; also the PDF's creation date, so the same input gives the same bytes. Defaults to now. */
  issuedAt?: Date;
  expiresAt?: Date | null;
}

export const OFFER_LETTER_MAX_PAGES = 50;

type LetterFonts = FontSet<'sans' | 'sansBold' | 'serifItalic'>;

const { width: PAGE_W, height: PAGE_H, margin: MARGIN } = LETTER_PAGE;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const BODY_TOP = PAGE_H - 118;
const BODY_BOTTOM = 64;

/**
 * A real offer letter as PDF bytes (issue 4 "Data"): letterhead, date, greeting, the offer, a summary table
 * of compensation and terms, benefits, conditions, a closing with the manager's name, and an acceptance
 * paragraph above the empty signature box the signing stamp fills (../pdf/signature-box.ts). Saved without
 * object streams so signing can append incremental updates to it.
 */
export async function renderOfferLetterPdf(input: OfferLetterInput): Promise<Uint8Array> {
  const pages = input.pages ?? 2;
  if (!Number.isInteger(pages) || pages < 2 || pages > OFFER_LETTER_MAX_PAGES) {
    throw new RangeError(`An offer letter has 2 to ${OFFER_LETTER_MAX_PAGES} pages, not ${pages}`);
  }
  const issuedAt = input.issuedAt ?? new Date();
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(doc, ['sans', 'sansBold', 'serifItalic'] as const);
  const clean = (text: string): string => drawableText('sans', text);
  const facts: LetterFacts = {
    companyName: clean(input.companyName),
    candidateName: clean(input.candidateName),
    positionName: clean(input.positionName),
    salaryText: clean(input.salaryText),
    startDate: formatOfferDate(input.startDate.toISOString()),
    managerName: clean(input.managerName),
    expiresOn: input.expiresAt ? formatOfferDate(input.expiresAt.toISOString()) : null,
  };

  const all = Array.from({ length: pages }, () => doc.addPage([PAGE_W, PAGE_H]));
  all.forEach((page, index) => drawFrame(page, fonts, facts, input.offerId, index + 1, pages));
  drawFirstPage(all[0] as PDFPage, fonts, facts, formatOfferDate(issuedAt.toISOString()));
  drawSchedule(all.slice(1, -1), fonts);
  drawLastPage(all[pages - 1] as PDFPage, fonts, facts, pages);

  doc.setTitle(`Offer of employment — ${input.positionName}`);
  doc.setAuthor(input.companyName);
  doc.setSubject(`Offer ${input.offerId} for ${input.candidateName}`);
  doc.setCreator('Careers Portal');
  doc.setProducer('Careers Portal (pdf-lib)');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  return doc.save({ useObjectStreams: false });
}

const style = (fonts: LetterFonts) => ({
  body: { font: fonts.sans, size: 10.5, leading: 15.5 } satisfies TextStyle,
  small: { font: fonts.sans, size: 8.5, color: PDF_COLORS.muted } satisfies TextStyle,
  label: { font: fonts.sansBold, size: 9.5, color: PDF_COLORS.muted } satisfies TextStyle,
  heading: { font: fonts.sansBold, size: 12.5, color: PDF_COLORS.brand, leading: 20 } satisfies TextStyle,
  strong: { font: fonts.sansBold, size: 10.5, leading: 15.5 } satisfies TextStyle,
});

/** Letterhead and footer, the same on every page. */
function drawFrame(page: PDFPage, fonts: LetterFonts, f: LetterFacts, offerId: string, number: number, total: number): void {
  const s = style(fonts);
  page.drawRectangle({ x: 0, y: PAGE_H - 10, width: PAGE_W, height: 10, color: PDF_COLORS.brand });
  page.drawText(f.companyName, { x: MARGIN, y: PAGE_H - 62, size: 20, font: fonts.sansBold, color: PDF_COLORS.brand });
  drawRightAligned(page, 'Offer of employment', { ...s.label, size: 9 }, PAGE_W - MARGIN, PAGE_H - 52);
  drawRightAligned(page, `Reference ${drawableText('sans', offerId)}`, s.small, PAGE_W - MARGIN, PAGE_H - 65);
  page.drawLine({ start: { x: MARGIN, y: PAGE_H - 80 }, end: { x: PAGE_W - MARGIN, y: PAGE_H - 80 }, thickness: 1.2, color: PDF_COLORS.brand });

  page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: PAGE_W - MARGIN, y: 44 }, thickness: 0.5, color: PDF_COLORS.rule });
  page.drawText(`${f.companyName} · Private and confidential`, { x: MARGIN, y: 30, size: 8, font: fonts.sans, color: PDF_COLORS.muted });
  drawRightAligned(page, `Page ${number} of ${total}`, { ...s.small, size: 8 }, PAGE_W - MARGIN, 30);
}

function drawFirstPage(page: PDFPage, fonts: LetterFonts, f: LetterFacts, dateText: string): void {
  const s = style(fonts);
  let y = BODY_TOP;
  page.drawText(dateText, { x: MARGIN, y, size: s.body.size, font: fonts.sans, color: PDF_COLORS.text });
  y -= 30;
  page.drawText(f.candidateName, { x: MARGIN, y, size: 11, font: fonts.sansBold, color: PDF_COLORS.text });
  y -= 14;
  page.drawText('Private and confidential', { x: MARGIN, y, size: 8.5, font: fonts.sans, color: PDF_COLORS.muted });
  y -= 34;
  page.drawText(`Dear ${f.candidateName},`, { x: MARGIN, y, size: s.body.size, font: fonts.sans, color: PDF_COLORS.text });
  y -= 8;
  for (const paragraph of letterIntro(f)) y = drawParagraph(page, paragraph, s.body, MARGIN, y, CONTENT_W) - 8;

  y = drawParagraph(page, 'Your offer at a glance', s.heading, MARGIN, y - 6, CONTENT_W) - 6;
  y = drawTable(page, fonts, letterSummaryRows(f), y);
  y = drawParagraph(page, letterPay(), s.body, MARGIN, y - 10, CONTENT_W) - 6;

  y = drawParagraph(page, 'Your first day', s.heading, MARGIN, y - 6, CONTENT_W);
  drawParagraph(page, letterFirstDay(f), s.body, MARGIN, y, CONTENT_W);
}

/** Two-column table with banded rows; returns the y under it. */
function drawTable(page: PDFPage, fonts: LetterFonts, rows: [string, string][], top: number): number {
  const s = style(fonts);
  const labelW = 150;
  const padX = 10;
  let y = top;
  rows.forEach(([label, value], index) => {
    const valueStyle = { ...s.body, font: index === 3 ? fonts.sansBold : fonts.sans };
    const height = Math.max(24, paragraphHeight(value, valueStyle, CONTENT_W - labelW - 2 * padX) + 9);
    if (index % 2 === 0) page.drawRectangle({ x: MARGIN, y: y - height, width: CONTENT_W, height, color: PDF_COLORS.stripe });
    page.drawText(label, { x: MARGIN + padX, y: y - 16, size: 9.5, font: fonts.sansBold, color: PDF_COLORS.muted });
    drawParagraph(page, value, valueStyle, MARGIN + labelW, y - 3.5, CONTENT_W - labelW - padX);
    y -= height;
  });
  page.drawLine({ start: { x: MARGIN, y: top }, end: { x: MARGIN + CONTENT_W, y: top }, thickness: 0.8, color: PDF_COLORS.brand });
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_W, y }, thickness: 0.8, color: PDF_COLORS.brand });
  return y;
}

/** Schedule A: numbered clauses filling each middle page, never split across pages. */
function drawSchedule(pages: PDFPage[], fonts: LetterFonts): void {
  const s = style(fonts);
  let clause = 0;
  pages.forEach((page, index) => {
    const title = index === 0 ? 'Schedule A — Terms of employment' : 'Schedule A — Terms of employment (continued)';
    let y = drawParagraph(page, title, s.heading, MARGIN, BODY_TOP + 14, CONTENT_W) - 6;
    for (;;) {
      const { title: clauseTitle, text } = SCHEDULE_CLAUSES[clause % SCHEDULE_CLAUSES.length] as (typeof SCHEDULE_CLAUSES)[number];
      const heading = `${clause + 1}. ${clauseTitle}`;
      const height = paragraphHeight(heading, s.strong, CONTENT_W) + paragraphHeight(text, s.body, CONTENT_W - 16) + 12;
      if (y - height < BODY_BOTTOM) break;
      y = drawParagraph(page, heading, s.strong, MARGIN, y, CONTENT_W);
      y = drawParagraph(page, text, s.body, MARGIN + 16, y, CONTENT_W - 16) - 12;
      clause++;
    }
  });
}

function drawLastPage(page: PDFPage, fonts: LetterFonts, f: LetterFacts, total: number): void {
  const s = style(fonts);
  let y = drawParagraph(page, 'Benefits', s.heading, MARGIN, BODY_TOP + 14, CONTENT_W) - 2;
  for (const benefit of LETTER_BENEFITS) {
    page.drawCircle({ x: MARGIN + 5, y: y - 10.5, size: 1.8, color: PDF_COLORS.brand });
    y = drawParagraph(page, benefit, s.body, MARGIN + 16, y, CONTENT_W - 16);
  }
  y = drawParagraph(page, 'Conditions of this offer', s.heading, MARGIN, y - 10, CONTENT_W);
  y = drawParagraph(page, letterConditions(f), s.body, MARGIN, y, CONTENT_W);
  if (total > 2) y = drawParagraph(page, letterScheduleNote(total - 1), s.body, MARGIN, y - 6, CONTENT_W);
  y = drawParagraph(page, letterClosing(f), s.body, MARGIN, y - 10, CONTENT_W) - 12;

  page.drawText('Sincerely,', { x: MARGIN, y: y - 4, size: s.body.size, font: fonts.sans, color: PDF_COLORS.text });
  page.drawText(drawableText('serifItalic', f.managerName), { x: MARGIN, y: y - 30, size: 17, font: fonts.serifItalic, color: PDF_COLORS.brand });
  page.drawText(f.managerName, { x: MARGIN, y: y - 46, size: 10, font: fonts.sansBold, color: PDF_COLORS.text });
  page.drawText(`Hiring Manager, ${f.companyName}`, { x: MARGIN, y: y - 59, size: 9, font: fonts.sans, color: PDF_COLORS.muted });

  drawAcceptance(page, fonts, f);
}

/** The acceptance paragraph on the left and the empty, dashed signature box on the right. */
function drawAcceptance(page: PDFPage, fonts: LetterFonts, f: LetterFacts): void {
  const s = style(fonts);
  const box = signatureBoxOn({ width: PAGE_W, height: PAGE_H });
  const top = box.y + box.height;
  page.drawLine({ start: { x: MARGIN, y: top + 16 }, end: { x: PAGE_W - MARGIN, y: top + 16 }, thickness: 0.5, color: PDF_COLORS.rule });
  page.drawText('Acceptance', { x: MARGIN, y: top - 2, size: 11, font: fonts.sansBold, color: PDF_COLORS.brand });
  drawParagraph(page, letterAcceptance(f), { ...s.body, size: 9.5, leading: 13.5 }, MARGIN, top - 8, box.x - MARGIN - 18);
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: PDF_COLORS.muted,
    borderWidth: 0.6,
    borderDashArray: [3, 3],
  });
  page.drawText('Candidate signature and date', { x: box.x + 8, y: box.y + 7, size: 7.5, font: fonts.sans, color: PDF_COLORS.muted });
}
