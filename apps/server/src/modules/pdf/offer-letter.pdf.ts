import { PDFDocument, type PDFPage } from 'pdf-lib';
import type { Translate } from '../../i18n/catalogues';
import type { FontName } from './pdf-fonts';
import {
  LETTER_PAGE,
  PDF_COLORS,
  drawAtEnd,
  drawLine,
  drawParagraph,
  paragraphHeight,
  pdfDate,
  pdfTranslator,
  shapeX,
  stringsOf,
  withoutIsolates,
  type TextStyle,
} from './pdf-layout';
import { createTypesetter, type Typesetter } from './pdf-typesetter';
import { signatureBoxOn } from './signature-box';

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
  /** The letter's language (the tenant's, for the seeded letters); English when omitted or unknown. */
  locale?: string;
}

export const OFFER_LETTER_MAX_PAGES = 50;

/** Schedule A's clauses (the `pdf` catalogue's letter.clauses), numbered on and cycling through the list. */
export const SCHEDULE_CLAUSES = [
  'duties',
  'placeOfWork',
  'hours',
  'probation',
  'paidTimeOff',
  'sickness',
  'expenses',
  'confidentiality',
  'intellectualProperty',
  'outsideActivities',
  'dataProtection',
  'entireAgreement',
] as const;
const BENEFITS = ['health', 'retirement', 'timeOff', 'learning', 'family'] as const;

const ROLES: readonly FontName[] = ['sans', 'sansBold', 'serifItalic'];
const { width: PAGE_W, height: PAGE_H, margin: MARGIN } = LETTER_PAGE;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const BODY_TOP = PAGE_H - 118;
const BODY_BOTTOM = 64;

/** What the letter says about this offer, in the letter's language; names as given (the typesetter cleans them). */
interface Letter {
  t: Translate;
  type: Typesetter;
  company: string;
  candidate: string;
  position: string;
  salary: string;
  startDate: string;
  manager: string;
  expiresOn: string | null;
  offerId: string;
}

/**
 * A real offer letter as PDF bytes (issue 4 "Data"): letterhead, date, greeting, the offer, a summary table
 * of compensation and terms, benefits, conditions, a closing with the manager's name, and an acceptance
 * paragraph above the empty signature box the signing stamp fills (../pdf/signature-box.ts). Written in the
 * letter's language and direction (issue 13), any script. Saved without object streams so signing can append
 * incremental updates to it.
 */
export async function renderOfferLetterPdf(input: OfferLetterInput): Promise<Uint8Array> {
  const pages = input.pages ?? 2;
  if (!Number.isInteger(pages) || pages < 2 || pages > OFFER_LETTER_MAX_PAGES) {
    throw new RangeError(`An offer letter has 2 to ${OFFER_LETTER_MAX_PAGES} pages, not ${pages}`);
  }
  const issuedAt = input.issuedAt ?? new Date();
  const t = pdfTranslator(input.locale);
  const doc = await PDFDocument.create({ updateMetadata: false });
  const facts = {
    company: input.companyName,
    candidate: input.candidateName,
    position: input.positionName,
    salary: input.salaryText,
    startDate: pdfDate(t.locale, input.startDate),
    manager: input.managerName,
    expiresOn: input.expiresAt ? pdfDate(t.locale, input.expiresAt) : null,
    offerId: input.offerId,
  };
  const texts = [...stringsOf(facts), pdfDate(t.locale, issuedAt), ...letterTexts(t, facts, pages)];
  const letter: Letter = { t, type: await createTypesetter(doc, { locale: t.locale, roles: ROLES, texts }), ...facts };

  const all = Array.from({ length: pages }, () => doc.addPage([PAGE_W, PAGE_H]));
  all.forEach((page, index) => drawFrame(page, letter, index + 1, pages));
  drawFirstPage(all[0] as PDFPage, letter, pdfDate(t.locale, issuedAt));
  drawSchedule(all.slice(1, -1), letter);
  drawLastPage(all[pages - 1] as PDFPage, letter, pages);

  doc.setTitle(withoutIsolates(t('letter.documentTitle', { position: input.positionName })));
  doc.setAuthor(input.companyName);
  doc.setSubject(withoutIsolates(t('letter.documentSubject', { offerId: input.offerId, name: input.candidateName })));
  doc.setLanguage(t.locale);
  doc.setCreator('Careers Portal');
  doc.setProducer('Careers Portal (pdf-lib)');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  return doc.save({ useObjectStreams: false });
}

/** Every fixed text the letter may draw, for choosing its fonts before drawing. */
function letterTexts(t: Translate, f: Omit<Letter, 't' | 'type'>, pages: number): string[] {
  const keys = [
    'heading', 'confidential', 'introTerms', 'summaryTitle', 'summary.position', 'summary.reportsTo', 'summary.startDate',
    'summary.baseSalary', 'summary.employmentType', 'summary.validUntil', 'fullTime', 'openUntilAccepted', 'pay', 'firstDayTitle',
    'benefitsTitle', 'conditionsTitle', 'sincerely', 'acceptanceTitle', 'signatureCaption', 'scheduleTitle', 'scheduleContinued',
  ];
  const names = { company: f.company, name: f.candidate, position: f.position, manager: f.manager, startDate: f.startDate, offerId: f.offerId, date: f.expiresOn ?? '' };
  return [
    ...keys.map((key) => t(`letter.${key}`)),
    ...['reference', 'footer', 'greeting', 'intro', 'firstDay', 'conditions', 'closing', 'closingBy', 'hiringManager', 'acceptance'].map((key) => t(`letter.${key}`, names)),
    t('letter.page', { number: pages, total: pages }),
    t('letter.scheduleNote', { lastPage: pages }),
    ...BENEFITS.map((key) => t(`letter.benefits.${key}`)),
    ...SCHEDULE_CLAUSES.flatMap((key) => [t('letter.clauseHeading', { number: 1234567890, title: t(`letter.clauses.${key}.title`) }), t(`letter.clauses.${key}.text`)]),
  ];
}

const style = {
  body: { role: 'sans', size: 10.5, leading: 15.5 },
  small: { role: 'sans', size: 8.5, color: PDF_COLORS.muted },
  label: { role: 'sansBold', size: 9.5, color: PDF_COLORS.muted },
  heading: { role: 'sansBold', size: 12.5, color: PDF_COLORS.brand, leading: 20 },
  strong: { role: 'sansBold', size: 10.5, leading: 15.5 },
} satisfies Record<string, TextStyle>;

/** Letterhead and footer, the same on every page. */
function drawFrame(page: PDFPage, l: Letter, number: number, total: number): void {
  const { t, type } = l;
  page.drawRectangle({ x: 0, y: PAGE_H - 10, width: PAGE_W, height: 10, color: PDF_COLORS.brand });
  drawLine(type, page, l.company, { role: 'sansBold', size: 20, color: PDF_COLORS.brand, direction: 'auto' }, MARGIN, PAGE_H - 62);
  drawAtEnd(type, page, t('letter.heading'), { ...style.label, size: 9 }, PAGE_W - MARGIN, PAGE_H - 52);
  drawAtEnd(type, page, t('letter.reference', { offerId: l.offerId }), style.small, PAGE_W - MARGIN, PAGE_H - 65);
  page.drawLine({ start: { x: MARGIN, y: PAGE_H - 80 }, end: { x: PAGE_W - MARGIN, y: PAGE_H - 80 }, thickness: 1.2, color: PDF_COLORS.brand });

  page.drawLine({ start: { x: MARGIN, y: 44 }, end: { x: PAGE_W - MARGIN, y: 44 }, thickness: 0.5, color: PDF_COLORS.rule });
  drawLine(type, page, t('letter.footer', { company: l.company }), { role: 'sans', size: 8, color: PDF_COLORS.muted }, MARGIN, 30);
  drawAtEnd(type, page, t('letter.page', { number, total }), { ...style.small, size: 8 }, PAGE_W - MARGIN, 30);
}

function drawFirstPage(page: PDFPage, l: Letter, dateText: string): void {
  const { t, type } = l;
  let y = BODY_TOP;
  drawLine(type, page, dateText, style.body, MARGIN, y);
  y -= 30;
  drawLine(type, page, l.candidate, { role: 'sansBold', size: 11, direction: 'auto' }, MARGIN, y);
  y -= 14;
  drawLine(type, page, t('letter.confidential'), { role: 'sans', size: 8.5, color: PDF_COLORS.muted }, MARGIN, y);
  y -= 34;
  drawLine(type, page, t('letter.greeting', { name: l.candidate }), style.body, MARGIN, y);
  y -= 8;
  for (const paragraph of [t('letter.intro', { company: l.company, position: l.position }), t('letter.introTerms')]) {
    y = drawParagraph(type, page, paragraph, style.body, MARGIN, y, CONTENT_W) - 8;
  }

  y = drawParagraph(type, page, t('letter.summaryTitle'), style.heading, MARGIN, y - 6, CONTENT_W) - 6;
  const rows: [string, string][] = [
    [t('letter.summary.position'), l.position],
    [t('letter.summary.reportsTo'), l.manager],
    [t('letter.summary.startDate'), l.startDate],
    [t('letter.summary.baseSalary'), l.salary],
    [t('letter.summary.employmentType'), t('letter.fullTime')],
    [t('letter.summary.validUntil'), l.expiresOn ?? t('letter.openUntilAccepted')],
  ];
  y = drawTable(page, l, rows, y);
  y = drawParagraph(type, page, t('letter.pay'), style.body, MARGIN, y - 10, CONTENT_W) - 6;

  y = drawParagraph(type, page, t('letter.firstDayTitle'), style.heading, MARGIN, y - 6, CONTENT_W);
  drawParagraph(type, page, t('letter.firstDay', { startDate: l.startDate, manager: l.manager }), style.body, MARGIN, y, CONTENT_W);
}

/** Two-column table with banded rows; returns the y under it. */
function drawTable(page: PDFPage, { type }: Letter, rows: [string, string][], top: number): number {
  const labelW = 150;
  const padX = 10;
  let y = top;
  rows.forEach(([label, value], index) => {
    const valueStyle: TextStyle = { ...style.body, role: index === 3 ? 'sansBold' : 'sans', direction: 'auto' };
    const height = Math.max(24, paragraphHeight(type, value, valueStyle, CONTENT_W - labelW - 2 * padX) + 9);
    if (index % 2 === 0) page.drawRectangle({ x: MARGIN, y: y - height, width: CONTENT_W, height, color: PDF_COLORS.stripe });
    drawLine(type, page, label, style.label, MARGIN + padX, y - 16);
    drawParagraph(type, page, value, valueStyle, MARGIN + labelW, y - 3.5, CONTENT_W - labelW - padX);
    y -= height;
  });
  page.drawLine({ start: { x: MARGIN, y: top }, end: { x: MARGIN + CONTENT_W, y: top }, thickness: 0.8, color: PDF_COLORS.brand });
  page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_W, y }, thickness: 0.8, color: PDF_COLORS.brand });
  return y;
}

/** Schedule A: numbered clauses filling each middle page, never split across pages. */
function drawSchedule(pages: PDFPage[], { t, type }: Letter): void {
  let clause = 0;
  pages.forEach((page, index) => {
    const title = t(index === 0 ? 'letter.scheduleTitle' : 'letter.scheduleContinued');
    let y = drawParagraph(type, page, title, style.heading, MARGIN, BODY_TOP + 14, CONTENT_W) - 6;
    for (;;) {
      const key = SCHEDULE_CLAUSES[clause % SCHEDULE_CLAUSES.length] as (typeof SCHEDULE_CLAUSES)[number];
      const heading = t('letter.clauseHeading', { number: clause + 1, title: t(`letter.clauses.${key}.title`) });
      const text = t(`letter.clauses.${key}.text`);
      const height = paragraphHeight(type, heading, style.strong, CONTENT_W) + paragraphHeight(type, text, style.body, CONTENT_W - 16) + 12;
      if (y - height < BODY_BOTTOM) break;
      y = drawParagraph(type, page, heading, style.strong, MARGIN, y, CONTENT_W);
      y = drawParagraph(type, page, text, style.body, MARGIN + 16, y, CONTENT_W - 16) - 12;
      clause++;
    }
  });
}

function drawLastPage(page: PDFPage, l: Letter, total: number): void {
  const { t, type } = l;
  let y = drawParagraph(type, page, t('letter.benefitsTitle'), style.heading, MARGIN, BODY_TOP + 14, CONTENT_W) - 2;
  for (const benefit of BENEFITS) {
    page.drawCircle({ x: shapeX(type, page, MARGIN + 5), y: y - 10.5, size: 1.8, color: PDF_COLORS.brand });
    y = drawParagraph(type, page, t(`letter.benefits.${benefit}`), style.body, MARGIN + 16, y, CONTENT_W - 16);
  }
  y = drawParagraph(type, page, t('letter.conditionsTitle'), style.heading, MARGIN, y - 10, CONTENT_W);
  y = drawParagraph(type, page, t('letter.conditions', { company: l.company }), style.body, MARGIN, y, CONTENT_W);
  if (total > 2) y = drawParagraph(type, page, t('letter.scheduleNote', { lastPage: total - 1 }), style.body, MARGIN, y - 6, CONTENT_W);
  const closing = l.expiresOn ? t('letter.closingBy', { company: l.company, date: l.expiresOn }) : t('letter.closing', { company: l.company });
  y = drawParagraph(type, page, closing, style.body, MARGIN, y - 10, CONTENT_W) - 12;

  drawLine(type, page, t('letter.sincerely'), style.body, MARGIN, y - 4);
  drawLine(type, page, l.manager, { role: 'serifItalic', size: 17, color: PDF_COLORS.brand, direction: 'auto' }, MARGIN, y - 30);
  drawLine(type, page, l.manager, { role: 'sansBold', size: 10, direction: 'auto' }, MARGIN, y - 46);
  drawLine(type, page, t('letter.hiringManager', { company: l.company }), { role: 'sans', size: 9, color: PDF_COLORS.muted }, MARGIN, y - 59);

  drawAcceptance(page, l);
}

/**
 * The acceptance paragraph beside the empty, dashed signature box. The box stays where signature-box.ts puts
 * it in every language (the signing stamp finds it there); the paragraph takes the rest of the width.
 */
function drawAcceptance(page: PDFPage, l: Letter): void {
  const { t, type } = l;
  const box = signatureBoxOn({ width: PAGE_W, height: PAGE_H });
  const top = box.y + box.height;
  // The text goes left of the box either way: from the inline start that is the margin in ltr, and the
  // box's edge in rtl, where the inline start is the page's right side.
  const textWidth = box.x - MARGIN - 18;
  const textX = type.direction === 'ltr' ? MARGIN : PAGE_W - box.x + 18;
  page.drawLine({ start: { x: MARGIN, y: top + 16 }, end: { x: PAGE_W - MARGIN, y: top + 16 }, thickness: 0.5, color: PDF_COLORS.rule });
  drawLine(type, page, t('letter.acceptanceTitle'), { role: 'sansBold', size: 11, color: PDF_COLORS.brand }, textX, top - 2);
  drawParagraph(type, page, t('letter.acceptance', { name: l.candidate, position: l.position }), { ...style.body, size: 9.5, leading: 13.5 }, textX, top - 8, textWidth);
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.width,
    height: box.height,
    borderColor: PDF_COLORS.muted,
    borderWidth: 0.6,
    borderDashArray: [3, 3],
  });
  type.draw(page, t('letter.signatureCaption'), { x: type.direction === 'ltr' ? box.x + 8 : PAGE_W - box.x - box.width + 8, y: box.y + 7, size: 7.5, role: 'sans', color: PDF_COLORS.muted });
}
