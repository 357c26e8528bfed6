import {
  CertificationSchema,
  EducationSchema,
  ParsedResumeSchema,
  ProfileContactSchema,
  ProfileEditBodySchema,
  ProfileLanguageSchema,
  ProfileLinkSchema,
  ProfileLocationValueSchema,
  ProfileSkillListSchema,
  SkillSchema,
  WorkExperienceSchema,
  profileListCap,
  skillKey,
  type Certification,
  type Education,
  type ParsedResume,
  type ProfileContact,
  type ProfileLanguage,
  type ProfileLink,
  type ProfileListSection,
  type WorkExperience,
} from '@careers/contracts';
import type { z } from 'zod';
import { UnprocessableError } from '../../errors';
import { parseInput } from '../../http/parse';
import type { ProfileContent } from './profile.repository';

/**
 * profile_edit (spec §7: op_section, operation, op_data {value, index}) as a checked command, and how a command
 * changes a profile. Both are pure: the service runs them inside the edit's transaction on what it read.
 * Every refusal is 422 "Invalid request received. Please try again" with a message per field (spec §8).
 */

interface ListItems {
  links: ProfileLink;
  work_experience: WorkExperience;
  education: Education;
  skills: string;
  languages: ProfileLanguage;
  certifications: Certification;
}

export type ProfileEdit =
  | { section: 'contact'; operation: 'update'; value: ProfileContact }
  | { section: 'location'; operation: 'update'; value: string | null }
  | { [Section in ProfileListSection]: { section: Section; operation: 'add'; value: ListItems[Section] } }[ProfileListSection]
  | { [Section in ProfileListSection]: { section: Section; operation: 'update'; index: number; value: ListItems[Section] } }[ProfileListSection]
  | { [Section in ProfileListSection]: { section: Section; operation: 'delete'; index: number } }[ProfileListSection]
  | { section: 'skills'; operation: 'replace'; value: string[] }
  | { section: 'resume_import'; operation: 'merge'; value: ParsedResume };

const ITEM_SCHEMAS: { [Section in ProfileListSection]: z.ZodType<ListItems[Section]> } = {
  links: ProfileLinkSchema,
  work_experience: WorkExperienceSchema,
  education: EducationSchema,
  skills: SkillSchema,
  languages: ProfileLanguageSchema,
  certifications: CertificationSchema,
};

const CONTENT_KEY = {
  links: 'links',
  work_experience: 'workExperience',
  education: 'education',
  skills: 'skills',
  languages: 'languages',
  certifications: 'certifications',
} as const satisfies Record<ProfileListSection, keyof ProfileContent>;

export const ProfileEditMessages = {
  operation: 'This change cannot be made to this section',
  index: 'This item no longer exists. Reload the page and try again',
  indexRequired: 'Choose the item to change',
  valueRequired: 'Enter what to save',
  full: (cap: number) => `You can add up to ${cap} items to this section. Remove one to add another`,
  duplicateSkill: 'This skill is already in your profile',
} as const;

const refuse = (fields: Record<string, string>) => new UnprocessableError(fields);

function parseValue<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  if (value === undefined || value === null) {
    const nullable = schema.safeParse(null);
    if (nullable.success) return nullable.data;
    throw refuse({ 'op_data.value': ProfileEditMessages.valueRequired });
  }
  try {
    return parseInput(schema, value, refuse);
  } catch (error) {
    if (!(error instanceof UnprocessableError)) throw error;
    // Paths as the request names them, so a form can put each message beside its field.
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([key, message]) => [key === '_' ? 'op_data.value' : `op_data.value.${key}`, message]));
    throw refuse(fields);
  }
}

function requireIndex(index: number | undefined): number {
  if (index === undefined) throw refuse({ 'op_data.index': ProfileEditMessages.indexRequired });
  return index;
}

/** The request body as a command; anything that cannot be applied is refused before the transaction. */
export function parseProfileEdit(body: unknown): ProfileEdit {
  const { op_section: section, operation, op_data: data } = parseInput(ProfileEditBodySchema, body, refuse);
  if (section === 'contact' && operation === 'update') return { section, operation, value: parseValue(ProfileContactSchema, data.value) };
  if (section === 'location' && operation === 'update') return { section, operation, value: parseValue(ProfileLocationValueSchema, data.value) };
  if (section === 'resume_import' && operation === 'merge') return { section, operation, value: parseValue(ParsedResumeSchema, data.value) };
  if (section === 'skills' && operation === 'replace') return { section, operation, value: parseValue(ProfileSkillListSchema, data.value) };
  if (section === 'contact' || section === 'location' || section === 'resume_import') throw refuse({ operation: ProfileEditMessages.operation });
  if (operation === 'add') return { section, operation, value: parseValue(ITEM_SCHEMAS[section], data.value) } as ProfileEdit;
  if (operation === 'update') {
    const index = requireIndex(data.index);
    return { section, operation, index, value: parseValue(ITEM_SCHEMAS[section], data.value) } as ProfileEdit;
  }
  if (operation === 'delete') return { section, operation, index: requireIndex(data.index) } as ProfileEdit;
  throw refuse({ operation: ProfileEditMessages.operation });
}

/** Skills without repeats (first spelling kept), in their order. */
export function uniqueSkills(skills: readonly string[]): string[] {
  const seen = new Set<string>();
  return skills.filter((skill) => {
    const key = skillKey(skill);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Two list items are equal when they say the same, whatever the case and spacing. */
function itemKey(item: unknown): string {
  return JSON.stringify(item, (_key, value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en') : value));
}

function mergeList<Item>(current: readonly Item[], found: readonly Item[], cap: number): Item[] {
  const keys = new Set(current.map(itemKey));
  const merged = [...current];
  for (const item of found) {
    if (merged.length >= cap) break;
    const key = itemKey(item);
    if (keys.has(key)) continue;
    keys.add(key);
    merged.push(item);
  }
  return merged;
}

const blank = (text: string | null | undefined): boolean => !text || text.trim() === '';
const fill = (current: string | null, found: string | null): string | null => (blank(current) && !blank(found) ? (found as string).trim() : current);

/**
 * A reviewed resume's findings saved into the profile: contact fields fill only what is empty, list items are
 * added unless an equal one exists (up to the section's cap: the rest is left out), skills are unioned without
 * case. The account's email is never changed by a resume.
 */
export function mergeResume(profile: ProfileContent, found: ParsedResume): ProfileContent {
  const contact = profile.contact;
  return {
    contact: {
      firstName: fill(contact.firstName, found.contact.firstName) ?? contact.firstName,
      lastName: fill(contact.lastName, found.contact.lastName) ?? contact.lastName,
      phone: fill(contact.phone, found.contact.phone),
      headline: fill(contact.headline, found.contact.headline),
      summary: contact.summary,
    },
    location: fill(profile.location, found.location),
    links: mergeList(profile.links, found.links, profileListCap('links')),
    workExperience: mergeList(profile.workExperience, found.workExperience, profileListCap('work_experience')),
    education: mergeList(profile.education, found.education, profileListCap('education')),
    skills: uniqueSkills([...profile.skills, ...found.skills]).slice(0, profileListCap('skills')),
    languages: mergeList(profile.languages, found.languages, profileListCap('languages')),
    certifications: mergeList(profile.certifications, found.certifications, profileListCap('certifications')),
  };
}

function editList<Item>(items: readonly Item[], edit: { operation: 'add' | 'update' | 'delete'; index?: number; value?: Item }, cap: number): Item[] {
  if (edit.operation === 'add') {
    if (items.length >= cap) throw refuse({ 'op_data.value': ProfileEditMessages.full(cap) });
    return [...items, edit.value as Item];
  }
  const index = edit.index ?? -1;
  if (index < 0 || index >= items.length) throw refuse({ 'op_data.index': ProfileEditMessages.index });
  return edit.operation === 'delete' ? items.filter((_item, at) => at !== index) : items.map((item, at) => (at === index ? (edit.value as Item) : item));
}

function editSkills(skills: readonly string[], edit: Extract<ProfileEdit, { section: 'skills' }>): string[] {
  if (edit.operation === 'replace') return uniqueSkills(edit.value);
  if (edit.operation === 'add' && skills.some((skill) => skillKey(skill) === skillKey(edit.value))) return [...skills];
  if (edit.operation === 'update' && skills.some((skill, at) => at !== edit.index && skillKey(skill) === skillKey(edit.value))) {
    throw refuse({ 'op_data.value': ProfileEditMessages.duplicateSkill });
  }
  return editList(skills, edit, profileListCap('skills'));
}

/** The profile after the edit (a new object; the one given is not changed). */
export function applyProfileEdit(profile: ProfileContent, edit: ProfileEdit): ProfileContent {
  switch (edit.section) {
    case 'contact':
      return { ...profile, contact: edit.value };
    case 'location':
      return { ...profile, location: edit.value };
    case 'resume_import':
      return mergeResume(profile, edit.value);
    case 'skills':
      return { ...profile, skills: editSkills(profile.skills, edit) };
    default: {
      const key = CONTENT_KEY[edit.section];
      const items = profile[key] as unknown[];
      return { ...profile, [key]: editList(items, edit as { operation: 'add' | 'update' | 'delete'; index?: number; value?: unknown }, profileListCap(edit.section)) };
    }
  }
}
