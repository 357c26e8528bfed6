/**
 * A resume's text cut into its sections by their headings, however the layout wrote them: "EXPERIENCE",
 * "Work History:", "Professional Experience", "E X P E R I E N C E", "## Skills". Two-column resumes come
 * out of text extraction as one column after the other; their headings still start their sections, so the
 * order of sections does not matter. What comes before the first heading is the header (name, contact).
 */

export type SectionKind =
  | 'summary'
  | 'experience'
  | 'education'
  | 'skills'
  | 'languages'
  | 'certifications'
  | 'contact'
  | 'links'
  | 'other';

const HEADINGS: Record<Exclude<SectionKind, 'other'>, readonly string[]> = {
  summary: ['summary', 'profile', 'professional summary', 'about', 'about me', 'objective', 'career objective', 'professional profile', 'personal statement', 'overview', 'career summary'],
  experience: [
    'experience', 'work experience', 'work history', 'professional experience', 'employment', 'employment history',
    'career history', 'relevant experience', 'professional background', 'positions held', 'career', 'work',
  ],
  education: ['education', 'education and training', 'academic background', 'academic history', 'qualifications', 'academic qualifications', 'studies', 'training'],
  skills: [
    'skills', 'technical skills', 'key skills', 'core skills', 'core competencies', 'competencies', 'expertise', 'areas of expertise',
    'skills and tools', 'tools', 'technologies', 'tech stack', 'skills & tools', 'skills and expertise', 'skill set', 'abilities',
  ],
  languages: ['languages', 'language skills', 'spoken languages', 'language'],
  certifications: ['certifications', 'certificates', 'licenses and certifications', 'licenses & certifications', 'certifications and licenses', 'licences', 'licenses', 'accreditations', 'courses and certifications'],
  contact: ['contact', 'contact details', 'contact information', 'personal details', 'personal information', 'details'],
  links: ['links', 'online', 'profiles', 'social', 'online presence', 'portfolio'],
};
const OTHER_HEADINGS = ['projects', 'personal projects', 'interests', 'hobbies', 'references', 'awards', 'honors', 'honours', 'achievements', 'publications', 'volunteering', 'volunteer experience', 'activities', 'additional information'];

const KIND_BY_HEADING = new Map<string, SectionKind>([
  ...Object.entries(HEADINGS).flatMap(([kind, names]) => names.map((name) => [name, kind as SectionKind] as const)),
  ...OTHER_HEADINGS.map((name) => [name, 'other' as SectionKind] as const),
]);

/** "E X P E R I E N C E" → "EXPERIENCE"; "## Skills:" → "skills". */
export function headingKey(line: string): string {
  let text = line.trim();
  if (/^(\S ){3,}\S$/.test(text)) text = text.replace(/ /g, '');
  return text
    .replace(/^[#=*_\-\s]+|[#=*_\-:\s]+$/g, '')
    .replace(/\s+/g, ' ')
    .replace(/&/g, 'and')
    .toLowerCase();
}

export function headingKind(line: string): SectionKind | null {
  if (line.length > 48) return null;
  const key = headingKey(line);
  return KIND_BY_HEADING.get(key) ?? KIND_BY_HEADING.get(key.replace(/\band\b/g, '&')) ?? null;
}

export interface Sections {
  header: string[];
  /** Lines of each kind, in order; several sections of one kind (two columns) are joined. */
  byKind: Map<SectionKind, string[]>;
}

export function splitSections(lines: readonly string[]): Sections {
  const header: string[] = [];
  const byKind = new Map<SectionKind, string[]>();
  let current: string[] = header;
  for (const line of lines) {
    const kind = headingKind(line);
    if (kind !== null) {
      current = byKind.get(kind) ?? [];
      byKind.set(kind, current);
      // A new section of a kind already seen begins with a blank line, so its entries stay apart.
      if (current.length > 0) current.push('');
      continue;
    }
    current.push(line);
  }
  return { header, byKind };
}

/** Text lines: one per line, spaces tidied, page furniture ("Page 2 of 3") dropped; blank lines kept (one). */
export function textLines(text: string): string[] {
  const lines: string[] = [];
  for (const raw of text.normalize('NFC').replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/[\t\u00a0\u2000-\u200b]/g, (char) => (char === '\t' ? '  ' : ' ')).replace(/ {3,}/g, '  ').trim();
    if (/^page \d+( of \d+)?$/i.test(line)) continue;
    if (line === '' && (lines.length === 0 || lines[lines.length - 1] === '')) continue;
    lines.push(line);
  }
  while (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
