import type { ProfileDetails } from '@careers/contracts';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { translator } from '../../i18n/catalogues';
import type { FontName } from './pdf-fonts';
import { PDF_COLORS, drawAtEnd, drawParagraph, paragraphHeight, pdfTranslator, stringsOf, withoutIsolates, type TextStyle } from './pdf-layout';
import { createTypesetter, type Typesetter } from './pdf-typesetter';

/**
 * The candidate's profile as a one- or more-page resume (issue 11 "/careers/export-resume"): name, headline and
 * contact line, summary, experience, education, skills, languages and certifications, on A4, in the candidate's
 * language and direction and any script (issue 13; pdf-typesetter.ts). Sections without content are left out.
 * The same profile, language and date give the same bytes.
 */
export type ResumeInput = Pick<
  ProfileDetails,
  'email' | 'contact' | 'location' | 'links' | 'workExperience' | 'education' | 'skills' | 'languages' | 'certifications'
>;

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const CONTENT_W = A4.width - 2 * MARGIN;
const BOTTOM = 56;
const ROLES: readonly FontName[] = ['sans', 'sansBold', 'sansOblique'];

/** "2021-03" → "Mar 2021" in the resume's language (UTC: a month, not an instant). */
export function resumeMonth(locale: string, month: string | null): string | null {
  if (!month || !/^\d{4}-\d{2}/.test(month)) return null;
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1, 1));
  return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The section headings and words of a resume in one language (the `pdf` and `profile` catalogues). */
function resumeLabels(locale: string) {
  const t = pdfTranslator(locale);
  const profile = translator(t.locale, 'profile');
  return {
    locale: t.locale,
    summary: t('resume.summary'),
    experience: t('resume.experience'),
    education: t('resume.education'),
    skills: t('resume.skills'),
    languages: t('resume.languages'),
    certifications: t('resume.certifications'),
    documentTitle: (name: string) => withoutIsolates(t('resume.documentTitle', { name })),
    languageLevel: (language: string, level: string) => t('resume.languageLevel', { language, level }),
    period: (start: string, end: string) => profile('period.range', { start, end }),
    present: profile('period.present'),
    proficiency: (level: string) => profile(`proficiency.${level}`),
  };
}

function period(labels: ReturnType<typeof resumeLabels>, start: string | null, end: string | null, isCurrent: boolean): string {
  const from = resumeMonth(labels.locale, start);
  const to = isCurrent ? labels.present : resumeMonth(labels.locale, end);
  if (from && to) return labels.period(from, to);
  return from ?? to ?? '';
}

/** Values someone wrote, each isolated in its own direction, joined by a spaced middle dot. */
const joined = (...parts: (string | null | undefined)[]): string =>
  parts
    .filter((part): part is string => Boolean(part && part.trim()))
    .map((part) => `\u2068${part}\u2069`)
    .join('  ·  ');

export async function renderResumePdf(profile: ResumeInput, options: { createdAt: Date; locale?: string }): Promise<Uint8Array> {
  const labels = resumeLabels(options.locale ?? 'en');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fullName = `${profile.contact.firstName} ${profile.contact.lastName}`.trim();
  doc.setTitle(labels.documentTitle(fullName));
  doc.setAuthor(fullName);
  doc.setLanguage(labels.locale);
  doc.setCreator('Careers Portal');
  doc.setProducer('Careers Portal');
  doc.setCreationDate(options.createdAt);
  doc.setModificationDate(options.createdAt);

  const languageLine = profile.languages
    .map((language) => (language.proficiency ? labels.languageLevel(language.name, labels.proficiency(language.proficiency)) : joined(language.name)))
    .join('  ·  ');
  const headings = [labels.summary, labels.experience, labels.education, labels.skills, labels.languages, labels.certifications];
  const texts = [
    ...stringsOf(profile),
    ...headings.map((text) => text.toLocaleUpperCase(labels.locale)),
    languageLine,
    ...[...profile.workExperience, ...profile.education].map((entry) => period(labels, entry.startDate, entry.endDate, entry.isCurrent)),
    ...profile.certifications.map((certification) => resumeMonth(labels.locale, certification.issuedOn) ?? ''),
  ];
  const type: Typesetter = await createTypesetter(doc, { locale: labels.locale, roles: ROLES, texts });

  const style = (role: FontName, size: number, color = PDF_COLORS.text, leading?: number, direction?: 'auto'): TextStyle => ({ role, size, color, leading, direction });
  const body = style('sans', 9.5, PDF_COLORS.text, 13.5, 'auto');
  const muted = style('sans', 9, PDF_COLORS.muted, 13);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const ensure = (height: number): void => {
    if (y - height >= BOTTOM) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const paragraph = (text: string, textStyle: TextStyle, x = MARGIN, width = CONTENT_W): void => {
    for (const block of text.split(/\n+/).map((part) => part.trim()).filter(Boolean)) {
      ensure(paragraphHeight(type, block, textStyle, width));
      y = drawParagraph(type, page, block, textStyle, x, y, width);
    }
  };
  const heading = (text: string): void => {
    ensure(40);
    y -= 16;
    type.draw(page, text.toLocaleUpperCase(labels.locale), { x: MARGIN, y: y - 9, size: 9, role: 'sansBold', color: PDF_COLORS.brand });
    y -= 15;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_W, y }, thickness: 0.6, color: PDF_COLORS.rule });
    y -= 4;
  };
  /** An entry's first line: bold title at the inline start, its dates at the inline end. */
  const entryHead = (title: string, dates: string, height: number): void => {
    ensure(height);
    const dateStyle = style('sans', 9, PDF_COLORS.muted);
    const dateWidth = dates ? type.width(dates, 'sans', 9) + 12 : 0;
    y -= 6;
    y = drawParagraph(type, page, title, style('sansBold', 10.5, PDF_COLORS.text, 15, 'auto'), MARGIN, y, CONTENT_W - dateWidth);
    if (dates) drawAtEnd(type, page, dates, dateStyle, MARGIN + CONTENT_W, y + 4 + (15 - 10.5) / 2);
  };

  // Header: name, headline, contact line, links.
  y = drawParagraph(type, page, fullName, style('sansBold', 24, PDF_COLORS.text, 30, 'auto'), MARGIN, y, CONTENT_W);
  if (profile.contact.headline) y = drawParagraph(type, page, profile.contact.headline, style('sans', 12, PDF_COLORS.brand, 18, 'auto'), MARGIN, y, CONTENT_W);
  y -= 4;
  paragraph(joined(profile.email, profile.contact.phone, profile.location), muted);
  if (profile.links.length > 0) paragraph(joined(...profile.links.map((link) => `${link.label}: ${link.url.replace(/^https?:\/\//i, '')}`)), muted);

  if (profile.contact.summary) {
    heading(labels.summary);
    y -= 4;
    paragraph(profile.contact.summary, body);
  }

  if (profile.workExperience.length > 0) {
    heading(labels.experience);
    for (const job of profile.workExperience) {
      entryHead(job.title, period(labels, job.startDate, job.endDate, job.isCurrent), 44);
      paragraph(joined(job.company, job.location), style('sansOblique', 9.5, PDF_COLORS.muted, 13.5));
      if (job.description) {
        y -= 2;
        paragraph(job.description, body);
      }
      y -= 4;
    }
  }

  if (profile.education.length > 0) {
    heading(labels.education);
    for (const school of profile.education) {
      entryHead(joined(school.degree, school.fieldOfStudy) || school.school, period(labels, school.startDate, school.endDate, school.isCurrent), 40);
      if (school.degree || school.fieldOfStudy) paragraph(school.school, style('sansOblique', 9.5, PDF_COLORS.muted, 13.5, 'auto'));
      if (school.description) paragraph(school.description, body);
      y -= 4;
    }
  }

  if (profile.skills.length > 0) {
    heading(labels.skills);
    y -= 4;
    paragraph(joined(...profile.skills), style('sans', 9.5, PDF_COLORS.text, 13.5));
  }

  if (profile.languages.length > 0) {
    heading(labels.languages);
    y -= 4;
    paragraph(languageLine, style('sans', 9.5, PDF_COLORS.text, 13.5));
  }

  if (profile.certifications.length > 0) {
    heading(labels.certifications);
    for (const certification of profile.certifications) {
      entryHead(certification.name, resumeMonth(labels.locale, certification.issuedOn) ?? '', 30);
      const detail = joined(certification.issuer, certification.credentialUrl?.replace(/^https?:\/\//i, ''));
      if (detail) paragraph(detail, muted);
    }
  }

  return doc.save();
}
