import { isMissingValue, toDisplayPhone, validateItem, type FormRowItem, type FormValues, type ParsedResume } from '@careers/contracts';
import { FILE_ITEM_TYPES, answerItems, parseDefinition, type AnswerItem, type FormDefinition, type MergedItem } from './form-definition';

/**
 * One form for several jobs (issue 9 "From the cart, one application for several jobs"): the tenant's form once,
 * then each job's own questions, merged by name so nothing is asked twice — a question several jobs share is
 * asked once and names every job it is for; a job-specific question carries its job's title. Sections merge by
 * name (else title): a job's "Questions" section joins the tenant's "Questions" section.
 */

export interface DefinitionSource {
  /** null: the tenant's form. */
  positionId: number | null;
  positionTitle: string | null;
  definition: string;
}

type Section = FormDefinition['sections'][number];
const sectionKey = (section: Section): string => section.id ?? section.title;

export function mergeDefinitions(sources: readonly DefinitionSource[]): FormDefinition {
  const sections: (Section & { items: MergedItem[] })[] = [];
  const itemsByName = new Map<string, MergedItem>();
  for (const source of sources) {
    for (const section of parseDefinition(source.definition).sections) {
      let target = sections.find((existing) => sectionKey(existing) === sectionKey(section));
      if (!target) {
        target = { ...section, items: [] };
        sections.push(target);
      }
      for (const item of section.items) {
        if (!item.name) {
          target.items.push({ ...item });
          continue;
        }
        const seen = itemsByName.get(item.name);
        if (seen) {
          // Asked already: a job question shared by another job names both; the tenant's own question stays general.
          if (source.positionId !== null && seen.positionIds) {
            seen.positionIds = [...seen.positionIds, source.positionId];
            seen.positionTitle = `${seen.positionTitle ?? ''}, ${source.positionTitle ?? ''}`;
          }
          continue;
        }
        const merged: MergedItem =
          source.positionId === null ? { ...item } : { ...item, positionIds: [source.positionId], positionTitle: source.positionTitle ?? undefined };
        itemsByName.set(item.name, merged);
        target.items.push(merged);
      }
    }
  }
  return { sections };
}

export interface PrefillSources {
  profile: Record<string, unknown>;
  /** The candidate's latest application's answers. */
  application: FormValues | null;
  /** The candidate's current stored resume, offered in the form's resume field (issue 11 "nothing asked twice"). */
  resume?: StoredResumeReference | null;
  draft: FormValues | null;
}

export type PrefillOrigin = 'profile' | 'application' | 'resume' | 'draft';

/** The stored resume as a file entry the form shows and a submit accepts by its fileId (checked server-side). */
export interface StoredResumeReference {
  fileId: string;
  fileName: string;
  fileType: string;
  size: number;
  uploadedAt: string;
}

const RESUME_FIELD = /resume|\bcv\b|curriculum/i;

/** The form's resume field: the first file item whose name or label says resume (or CV); undefined if none. */
export function resumeFieldName(definition: FormDefinition): string | undefined {
  return answerItems(definition).find((item) => FILE_ITEM_TYPES.has(item.type) && (RESUME_FIELD.test(item.name) || RESUME_FIELD.test(item.label ?? '')))?.name;
}

/**
 * Values for the form's items from what the candidate has already told us; later sources win (a draft holds what
 * they typed last). A previous application's files come back as references ({ fileId, name, size, type }) that a
 * submit accepts without their bytes, so a resume is not uploaded twice.
 */
export function prefill(definition: FormDefinition, sources: PrefillSources): { values: FormValues; prefilledFrom: Record<string, PrefillOrigin> } {
  const values: FormValues = {};
  const prefilledFrom: Record<string, PrefillOrigin> = {};
  const items = answerItems(definition);
  const resumeField = sources.resume ? resumeFieldName(definition) : undefined;
  const resume: FormValues | null =
    sources.resume && resumeField
      ? {
          [resumeField]: [
            {
              uid: sources.resume.fileId,
              fileId: sources.resume.fileId,
              name: sources.resume.fileName,
              size: sources.resume.size,
              type: sources.resume.fileType,
              uploadedAt: sources.resume.uploadedAt,
              stored: 'resume',
              status: 'done',
            },
          ],
        }
      : null;
  // The current resume is newer than any earlier application's file; a draft holds what they chose last.
  const order: [PrefillOrigin, FormValues | null][] = [
    ['profile', sources.profile],
    ['application', sources.application],
    ['resume', resume],
    ['draft', sources.draft],
  ];
  for (const [origin, source] of order) {
    if (!source) continue;
    for (const item of items) {
      const value = source[item.name];
      if (value === undefined || value === null || value === '') continue;
      values[item.name] = value;
      prefilledFrom[item.name] = origin;
    }
  }
  return { values, prefilledFrom };
}

/** The profile's facts under the field names the seeded forms use. */
export function profileValues(profile: { email: string; firstName: string; lastName: string; location: string | null; title: string | null; skills: string | null }) {
  let skills: unknown = [];
  try {
    skills = JSON.parse(profile.skills ?? '[]');
  } catch {
    skills = [];
  }
  return {
    first_name: profile.firstName,
    last_name: profile.lastName,
    email: profile.email,
    location: profile.location,
    current_title: profile.title,
    skills: Array.isArray(skills) && skills.length > 0 ? skills : null,
  };
}

/** A parsed resume's degree as a level the form's degree choices can name ('BSc' → bachelor). */
const DEGREE_LEVELS: readonly [string, RegExp][] = [
  ['doctorate', /^(ph\.?\s?d|d\.?\s?phil|doctor|doctorate|ed\.?\s?d)\b/i],
  ['master', /^(master|m\.?\s?(sc|s|a|eng|tech|phil|res|ed)\b|mba\b|ll\.?m\b)/i],
  ['bachelor', /^(bachelor|b\.?\s?(sc|s|a|eng|e|tech|com|ed)\b|ll\.?b\b|bba\b)/i],
  ['associate', /^associate|^a\.?\s?(a|s)\b/i],
  ['high_school', /high school|secondary school|a[- ]levels?\b|baccalaur/i],
];

function degreeChoice(item: AnswerItem | FormRowItem, degree: string | null): unknown {
  const choices = item.selectOptions?.choices ?? item.radioOptions?.choices;
  if (!degree || !choices) return undefined;
  const exact = choices.find((choice) => choice.label.toLowerCase() === degree.toLowerCase() || String(choice.value).toLowerCase() === degree.toLowerCase());
  if (exact) return exact.value;
  const level = DEGREE_LEVELS.find(([, pattern]) => pattern.test(degree.trim()))?.[0];
  if (!level) return undefined;
  const word = level.replace('_', ' ');
  return choices.find((choice) => String(choice.value).toLowerCase() === level || choice.label.toLowerCase().includes(word))?.value;
}

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'textarea', 'email']);

/** A value for one item (a top-level one or a row's field), or undefined when it would not fit it cleanly. */
function fitValue(item: AnswerItem | FormRowItem, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  let fitted: unknown;
  if (typeof value === 'string') {
    if (TEXT_TYPES.has(item.type)) fitted = value;
    else if (item.type === 'phone') fitted = toDisplayPhone(value, item.phoneOptions?.defaultCountryCode) ?? undefined;
  } else if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) {
    if (item.type === 'skillSelector' && value.length > 0) fitted = value;
  } else if (typeof value === 'object' && item.type === 'dateRange') {
    const range = value as { startDate: string | null; endDate: string | null; isCurrent: boolean };
    if (range.startDate) fitted = { startDate: range.startDate, endDate: range.isCurrent ? null : range.endDate, isCurrent: range.isCurrent };
  }
  if (fitted === undefined) return undefined;
  // What the engine would refuse (an address a regex rejects, a title over its length) is left for the candidate.
  return validateItem(item, fitted) === null ? fitted : undefined;
}

/** The rows of a dynamic list from a resume's entries: each row's fields that fit, rows that fit the list's limits. */
function fitRows(item: AnswerItem, entries: readonly Record<string, unknown>[]): unknown {
  const fields = item.dynamicListOptions?.items ?? [];
  const rows = entries
    .map((entry) => {
      const row: Record<string, unknown> = {};
      for (const field of fields) {
        if (!field.name) continue;
        const value = field.name === 'degree' && (field.type === 'select' || field.type === 'radio') ? degreeChoice(field, entry.degree as string | null) : fitValue(field, entry[field.name]);
        if (value !== undefined) row[field.name] = value;
      }
      return row;
    })
    // A row short of a required answer (a job without dates) would stop the submit: it is left for the candidate.
    .filter((row) => Object.keys(row).length > 0 && fields.every((field) => !field.required || !field.name || !isMissingValue(field, row[field.name])));
  for (let count = rows.length; count > 0; count--) {
    if (validateItem(item, rows.slice(0, count)) === null) return rows.slice(0, count);
  }
  return undefined;
}

/**
 * A parsed resume as answers to the apply form (issue 9 "the resume parsed into the form"): the same field names
 * as the profile's prefill (profileValues), plus phone, LinkedIn, work history and education rows, each kept only
 * where the form has the item and the value fits its type and rules. The browser fills only what is still empty.
 */
export function resumeFormValues(definition: FormDefinition, parsed: ParsedResume): FormValues {
  const current = parsed.workExperience.find((job) => job.isCurrent) ?? parsed.workExperience[0];
  const linkedin = parsed.links.find((link) => /linkedin\.com/i.test(link.url))?.url;
  const candidate: Record<string, unknown> = {
    ...profileValues({
      email: parsed.contact.email ?? '',
      firstName: parsed.contact.firstName ?? '',
      lastName: parsed.contact.lastName ?? '',
      location: parsed.location,
      title: parsed.contact.headline ?? current?.title ?? null,
      skills: JSON.stringify(parsed.skills),
    }),
    phone: parsed.contact.phone,
    linkedin: linkedin ? linkedin.replace(/^http:\/\//i, 'https://') : null,
  };
  const rows: Record<string, Record<string, unknown>[]> = {
    work_history: parsed.workExperience.map((job) => ({
      company: job.company,
      title: job.title,
      location: job.location,
      period: { startDate: job.startDate, endDate: job.endDate, isCurrent: job.isCurrent },
      summary: job.description,
      description: job.description,
    })),
    education: parsed.education.map((school) => ({
      school: school.school,
      degree: school.degree,
      field_of_study: school.fieldOfStudy,
      period: { startDate: school.startDate, endDate: school.endDate, isCurrent: school.isCurrent },
    })),
  };
  const values: FormValues = {};
  for (const item of answerItems(definition)) {
    const fitted = item.type === 'dynamicList' ? (rows[item.name] ? fitRows(item, rows[item.name] ?? []) : undefined) : fitValue(item, candidate[item.name]);
    if (fitted !== undefined) values[item.name] = fitted;
  }
  return values;
}
