import type { FormValues } from '@careers/contracts';
import { FILE_ITEM_TYPES, answerItems, parseDefinition, type FormDefinition, type MergedItem } from './form-definition';

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
