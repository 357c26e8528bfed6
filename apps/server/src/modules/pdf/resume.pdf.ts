import type { ProfileDetails } from '@careers/contracts';
import { PDFDocument, type PDFPage } from 'pdf-lib';
import { drawableText, embedFonts, type FontName, type FontSet } from './pdf-fonts';
import { PDF_COLORS, drawParagraph, drawRightAligned, paragraphHeight, type TextStyle } from './pdf-layout';

/**
 * The candidate's profile as a one- or more-page resume (issue 11 "/careers/export-resume"): name, headline and
 * contact line, summary, experience, education, skills, languages and certifications, on A4 with DejaVu (Latin,
 * Greek, Cyrillic, Arabic, Hebrew; see pdf-fonts.ts). Sections without content are left out. The same profile and
 * date give the same bytes.
 */
export type ResumeInput = Pick<
  ProfileDetails,
  'email' | 'contact' | 'location' | 'links' | 'workExperience' | 'education' | 'skills' | 'languages' | 'certifications'
>;

export interface ResumeLabels {
  summary: string;
  experience: string;
  education: string;
  skills: string;
  languages: string;
  certifications: string;
  present: string;
  proficiency: Record<string, string>;
}

export const ENGLISH_RESUME_LABELS: ResumeLabels = {
  summary: 'Profile',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  languages: 'Languages',
  certifications: 'Certifications',
  present: 'Present',
  proficiency: {
    elementary: 'Elementary',
    limited_working: 'Limited working',
    professional_working: 'Professional working',
    full_professional: 'Full professional',
    native: 'Native or bilingual',
  },
};

const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN = 56;
const CONTENT_W = A4.width - 2 * MARGIN;
const BOTTOM = 56;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type ResumeFonts = FontSet<'sans' | 'sansBold' | 'sansOblique'>;

/** "2021-03" → "Mar 2021". */
export function resumeMonth(month: string | null): string | null {
  if (!month) return null;
  const index = Number(month.slice(5, 7)) - 1;
  return `${MONTHS[index] ?? ''} ${month.slice(0, 4)}`.trim();
}

function period(start: string | null, end: string | null, isCurrent: boolean, present: string): string {
  const from = resumeMonth(start);
  const to = isCurrent ? present : resumeMonth(end);
  if (from && to) return `${from} – ${to}`;
  return from ?? to ?? '';
}

const joined = (...parts: (string | null | undefined)[]): string => parts.filter((part): part is string => Boolean(part && part.trim())).join('  ·  ');

export async function renderResumePdf(profile: ResumeInput, options: { createdAt: Date; labels?: ResumeLabels }): Promise<Uint8Array> {
  const labels = options.labels ?? ENGLISH_RESUME_LABELS;
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts: ResumeFonts = await embedFonts(doc, ['sans', 'sansBold', 'sansOblique'] as const);
  const fullName = `${profile.contact.firstName} ${profile.contact.lastName}`.trim();
  doc.setTitle(`${fullName} — Resume`);
  doc.setAuthor(fullName);
  doc.setCreator('Careers Portal');
  doc.setProducer('Careers Portal');
  doc.setCreationDate(options.createdAt);
  doc.setModificationDate(options.createdAt);

  const style = (font: keyof ResumeFonts, size: number, color = PDF_COLORS.text, leading?: number): TextStyle => ({ font: fonts[font], size, color, leading });
  const clean = (font: FontName, text: string): string => drawableText(font, text);
  const body = style('sans', 9.5, PDF_COLORS.text, 13.5);
  const muted = style('sans', 9, PDF_COLORS.muted, 13);

  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const ensure = (height: number): void => {
    if (y - height >= BOTTOM) return;
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const paragraph = (text: string, textStyle: TextStyle, x = MARGIN, width = CONTENT_W): void => {
    const font: FontName = textStyle.font === fonts.sansBold ? 'sansBold' : textStyle.font === fonts.sansOblique ? 'sansOblique' : 'sans';
    for (const block of text.split(/\n+/).map((part) => part.trim()).filter(Boolean)) {
      const drawn = clean(font, block);
      ensure(paragraphHeight(drawn, textStyle, width));
      y = drawParagraph(page, drawn, textStyle, x, y, width);
    }
  };
  const heading = (text: string): void => {
    ensure(40);
    y -= 16;
    page.drawText(clean('sansBold', text.toUpperCase()), { x: MARGIN, y: y - 9, size: 9, font: fonts.sansBold, color: PDF_COLORS.brand });
    y -= 15;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + CONTENT_W, y }, thickness: 0.6, color: PDF_COLORS.rule });
    y -= 4;
  };
  /** An entry's first line: bold title on the left, its dates on the right. */
  const entryHead = (title: string, dates: string, height: number): void => {
    ensure(height);
    const dateStyle = style('sans', 9, PDF_COLORS.muted);
    const dateWidth = dates ? fonts.sans.widthOfTextAtSize(dates, 9) + 12 : 0;
    y -= 6;
    y = drawParagraph(page, clean('sansBold', title), style('sansBold', 10.5, PDF_COLORS.text, 15), MARGIN, y, CONTENT_W - dateWidth);
    if (dates) drawRightAligned(page, clean('sans', dates), dateStyle, MARGIN + CONTENT_W, y + 4 + (15 - 10.5) / 2);
  };

  // Header: name, headline, contact line, links.
  y = drawParagraph(page, clean('sansBold', fullName), style('sansBold', 24, PDF_COLORS.text, 30), MARGIN, y, CONTENT_W);
  if (profile.contact.headline) y = drawParagraph(page, clean('sans', profile.contact.headline), style('sans', 12, PDF_COLORS.brand, 18), MARGIN, y, CONTENT_W);
  y -= 4;
  paragraph(joined(profile.email, profile.contact.phone, profile.location), muted);
  if (profile.links.length > 0) paragraph(profile.links.map((link) => `${link.label}: ${link.url.replace(/^https?:\/\//i, '')}`).join('  ·  '), muted);

  if (profile.contact.summary) {
    heading(labels.summary);
    y -= 4;
    paragraph(profile.contact.summary, body);
  }

  if (profile.workExperience.length > 0) {
    heading(labels.experience);
    for (const job of profile.workExperience) {
      entryHead(job.title, period(job.startDate, job.endDate, job.isCurrent, labels.present), 44);
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
      entryHead(joined(school.degree, school.fieldOfStudy) || school.school, period(school.startDate, school.endDate, school.isCurrent, labels.present), 40);
      if (school.degree || school.fieldOfStudy) paragraph(school.school, style('sansOblique', 9.5, PDF_COLORS.muted, 13.5));
      if (school.description) paragraph(school.description, body);
      y -= 4;
    }
  }

  if (profile.skills.length > 0) {
    heading(labels.skills);
    y -= 4;
    paragraph(profile.skills.join('  ·  '), body);
  }

  if (profile.languages.length > 0) {
    heading(labels.languages);
    y -= 4;
    paragraph(profile.languages.map((language) => (language.proficiency ? `${language.name} (${labels.proficiency[language.proficiency] ?? language.proficiency})` : language.name)).join('  ·  '), body);
  }

  if (profile.certifications.length > 0) {
    heading(labels.certifications);
    for (const certification of profile.certifications) {
      entryHead(certification.name, resumeMonth(certification.issuedOn) ?? '', 30);
      const detail = joined(certification.issuer, certification.credentialUrl?.replace(/^https?:\/\//i, ''));
      if (detail) paragraph(detail, muted);
    }
  }

  return doc.save();
}
