import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/catalogues';
import { readPdfText, textPositions } from './read-pdf-text';
import { renderOfferLetterPdf, type OfferLetterInput } from './offer-letter.pdf';

const input: OfferLetterInput = {
  companyName: 'Acme Robotics',
  candidateName: 'Łukasz Żółć',
  positionName: 'Senior Robotics Engineer',
  salaryText: '$145,000 per year',
  startDate: new Date('2026-04-06T00:00:00Z'),
  managerName: 'Grace Hopper',
  offerId: 'off_7Hk2',
  issuedAt: new Date('2026-03-01T09:00:00Z'),
  expiresAt: new Date('2026-03-15T23:59:59Z'),
};
const squash = (text: string): string => text.replace(/\s+/g, ' ');

describe('renderOfferLetterPdf', () => {
  it('writes a two-page US Letter PDF by default, with its metadata', async () => {
    const bytes = await renderOfferLetterPdf(input);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(doc.getTitle()).toBe('Offer of employment — Senior Robotics Engineer');
    expect(doc.getAuthor()).toBe('Acme Robotics');
    expect(doc.getCreationDate()?.toISOString()).toBe('2026-03-01T09:00:00.000Z');
    // Embedded DejaVu subsets, not a WinAnsi standard font.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(/\/BaseFont \/DejaVuSans-\d+/.test(raw)).toBe(true);
    expect(/\/BaseFont \/(Helvetica|Times)/.test(raw)).toBe(false);
  });

  it('reads as a letter: letterhead, date, greeting, offer, table, benefits, terms, acceptance', async () => {
    const { pages, pageCount } = await readPdfText(await renderOfferLetterPdf(input));
    expect(pageCount).toBe(2);
    const [first, last] = pages.map(squash) as [string, string];
    for (const text of [
      'Acme Robotics',
      'Offer of employment',
      'Reference off_7Hk2',
      '03/01/2026',
      'Dear Łukasz Żółć,',
      'the position of Senior Robotics Engineer',
      'Your offer at a glance',
      'Base salary',
      '$145,000 per year',
      'Start date',
      '04/06/2026',
      'Reports to',
      'Offer valid until',
      '03/15/2026',
      'Page 1 of 2',
    ]) {
      expect(first).toContain(text);
    }
    for (const text of ['Benefits', 'Conditions of this offer', 'Sincerely,', 'Grace Hopper', 'Acceptance', 'I, Łukasz Żółć, accept', 'Candidate signature and date', 'Page 2 of 2']) {
      expect(last).toContain(text);
    }
  });

  it('renders a 10-page letter with Schedule A terms in between', async () => {
    const { pages, pageCount } = await readPdfText(await renderOfferLetterPdf({ ...input, pages: 10 }));
    expect(pageCount).toBe(10);
    expect(squash(pages[1] ?? '')).toContain('Schedule A — Terms of employment 1. Duties');
    for (let page = 2; page <= 8; page++) expect(pages[page]).toContain('Schedule A — Terms of employment (continued)');
    expect(squash(pages[9] ?? '')).toContain('The terms of employment in Schedule A, on pages 2 to 9, form part of this offer.');
    expect(pages[9]).toContain('Page 10 of 10');
  });

  it('says the offer stays open when it has no expiry', async () => {
    const { pages } = await readPdfText(await renderOfferLetterPdf({ ...input, expiresAt: null }));
    expect(squash(pages[0] ?? '')).toContain('Open until accepted or withdrawn');
    expect(squash(pages[1] ?? '')).toContain('sign in the box below.');
  });

  it('draws names in any script: CJK in a CJK font, and U+FFFD only where no font has the character', async () => {
    const { pages } = await readPdfText(await renderOfferLetterPdf({ ...input, candidateName: 'Zoë 山田 \u{10FFFD}' }));
    expect(pages[0]).toContain('Dear Zoë 山田 \uFFFD,');
  });

  it('writes the whole letter in its language: Japanese, with Japanese dates', async () => {
    const t = translator('ja', 'pdf');
    const bytes = await renderOfferLetterPdf({ ...input, companyName: '株式会社アクメ', candidateName: '山田 太郎', locale: 'ja', pages: 3 });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getTitle()).toBe(t('letter.documentTitle', { position: 'Senior Robotics Engineer' }));
    const { pages } = await readPdfText(bytes);
    const [first, schedule, last] = pages.map((page) => page.replace(/\s+/g, '')) as [string, string, string];
    for (const text of [t('letter.heading'), t('letter.summaryTitle'), t('letter.summary.baseSalary'), '株式会社アクメ', '2026/03/01', '2026/04/06']) {
      expect(first).toContain(text.replace(/\s+/g, ''));
    }
    expect(schedule).toContain(t('letter.clauses.duties.title'));
    expect(last).toContain(t('letter.acceptanceTitle'));
    expect(pages.join(' ')).not.toContain('\uFFFD');
  });

  it('lays an Arabic letter out right to left: the letterhead name on the right, the reference on the left', async () => {
    const bytes = await renderOfferLetterPdf({ ...input, candidateName: 'ليلى حداد', locale: 'ar' });
    const positions = await textPositions(bytes, 0);
    const company = positions.find((item) => item.text.includes('Acme Robotics'));
    const reference = positions.find((item) => item.text.includes('off_7Hk2'));
    expect(company && reference).toBeTruthy();
    // Right to left: the company (inline start) ends at the right margin; the reference sits at the left one.
    expect(Math.round((company?.x ?? 0) + (company?.width ?? 0))).toBe(612 - 72);
    expect(Math.round(reference?.x ?? 0)).toBeLessThan(200);
    const { pages } = await readPdfText(bytes);
    expect(pages[0]).toContain('ليلى حداد');
    expect(pages.join(' ')).not.toContain('\uFFFD');
  });

  it('gives the same bytes for the same input', async () => {
    const a = await renderOfferLetterPdf(input);
    const b = await renderOfferLetterPdf(input);
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('keeps control characters out of the drawing', async () => {
    const { pages } = await readPdfText(await renderOfferLetterPdf({ ...input, positionName: 'Welder\nLead\u0007' }));
    expect(squash(pages[0] ?? '')).toContain('Welder Lead');
  });

  it('refuses page counts outside 2 to 50', async () => {
    for (const pages of [0, 1, 2.5, 51]) {
      await expect(renderOfferLetterPdf({ ...input, pages })).rejects.toThrow(RangeError);
    }
  });
});
