import { z } from 'zod';
import { LANGUAGE_PROFICIENCIES } from './profile-rules';

/**
 * The candidate's profile (issue 11; spec §3 "User store" → Profile, §7 profile_details / profile_edit /
 * upload_resume). One shape serves the profile page, the resume parser's findings and the data export, so what
 * a resume yields can be saved into the profile without translation.
 *
 * Months are `YYYY-MM` (the date range's default display format is MM/YYYY, spec §3); a current role or course
 * has `isCurrent: true` and no end.
 */

export const PROFILE_TEXT_MAX_LENGTH = 200;
export const PROFILE_LONG_TEXT_MAX_LENGTH = 5000;
export const PROFILE_LIST_MAX_ITEMS = 50;
export const PROFILE_SKILLS_MAX_ITEMS = 100;
export const PROFILE_SKILL_MAX_LENGTH = 60;

/** Control characters other than line breaks and tabs never belong in profile text (NUL reaches PostgreSQL as a 500). */
// eslint-disable-next-line no-control-regex -- the point of the pattern
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

const shortText = (max = PROFILE_TEXT_MAX_LENGTH) =>
  z.string().trim().max(max, `Use no more than ${max} characters`).regex(NO_CONTROL_CHARACTERS, 'Remove control characters');
const optionalShortText = (max = PROFILE_TEXT_MAX_LENGTH) => shortText(max).nullable().default(null);

export const YearMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use the format YYYY-MM')
  .refine((text) => Number(text.slice(0, 4)) >= 1900 && Number(text.slice(0, 4)) <= 2100, 'Use a year between 1900 and 2100');

const periodFields = {
  startDate: YearMonthSchema.nullable().default(null),
  endDate: YearMonthSchema.nullable().default(null),
  isCurrent: z.boolean().default(false),
};

function endNotBeforeStart(value: { startDate: string | null; endDate: string | null; isCurrent: boolean }, context: z.RefinementCtx) {
  if (value.isCurrent && value.endDate) context.addIssue({ code: 'custom', path: ['endDate'], message: 'A current entry has no end date' });
  if (value.startDate && value.endDate && value.endDate < value.startDate) {
    context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date is before the start date' });
  }
}

export const ProfileContactSchema = z.object({
  firstName: shortText(100).min(1, 'First name is required'),
  lastName: shortText(100).min(1, 'Last name is required'),
  /** Display phone as typed; checked by the forms engine's phone rule on both sides. */
  phone: optionalShortText(40),
  headline: optionalShortText(),
  summary: optionalShortText(PROFILE_LONG_TEXT_MAX_LENGTH),
});
export type ProfileContact = z.infer<typeof ProfileContactSchema>;

export const ProfileLinkSchema = z.object({
  label: shortText(60).min(1, 'Give the link a name'),
  url: z
    .string()
    .trim()
    .max(500)
    .url('Enter a full address starting with https://')
    .refine((url) => /^https?:\/\//i.test(url), 'Enter a full address starting with https://'),
});
export type ProfileLink = z.infer<typeof ProfileLinkSchema>;

export const WorkExperienceSchema = z
  .object({
    title: shortText().min(1, 'Job title is required'),
    company: shortText().min(1, 'Company is required'),
    location: optionalShortText(),
    ...periodFields,
    description: optionalShortText(PROFILE_LONG_TEXT_MAX_LENGTH),
  })
  .superRefine(endNotBeforeStart);
export type WorkExperience = z.infer<typeof WorkExperienceSchema>;

export const EducationSchema = z
  .object({
    school: shortText().min(1, 'School is required'),
    degree: optionalShortText(),
    fieldOfStudy: optionalShortText(),
    ...periodFields,
    description: optionalShortText(PROFILE_LONG_TEXT_MAX_LENGTH),
  })
  .superRefine(endNotBeforeStart);
export type Education = z.infer<typeof EducationSchema>;

export const LanguageProficiencySchema = z.enum(LANGUAGE_PROFICIENCIES);

export const ProfileLanguageSchema = z.object({
  name: shortText(60).min(1, 'Language is required'),
  proficiency: LanguageProficiencySchema.nullable().default(null),
});
export type ProfileLanguage = z.infer<typeof ProfileLanguageSchema>;

export const CertificationSchema = z.object({
  name: shortText().min(1, 'Certification name is required'),
  issuer: optionalShortText(),
  issuedOn: YearMonthSchema.nullable().default(null),
  expiresOn: YearMonthSchema.nullable().default(null),
  credentialUrl: z
    .string()
    .trim()
    .max(500)
    .url('Enter a full address starting with https://')
    .refine((url) => /^https?:\/\//i.test(url), 'Enter a full address starting with https://')
    .nullable()
    .default(null),
});
export type Certification = z.infer<typeof CertificationSchema>;

export const SkillSchema = shortText(PROFILE_SKILL_MAX_LENGTH).min(1, 'Skill is required');

export const ProfileResumeSchema = z.object({
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});
export type ProfileResume = z.infer<typeof ProfileResumeSchema>;

/** GET /api/pcsx/profile_details → `{ data: ProfileDetails }`; POST /api/pcsx/profile_edit answers the same. */
export const ProfileDetailsSchema = z.object({
  encId: z.string(),
  email: z.string(),
  contact: ProfileContactSchema,
  /** Free text "City, Region, Country" as the search's location field takes it. */
  location: z.string().nullable(),
  /** Absolute URL (a relative stored path is prefixed with STATIC_HOST), or null. */
  avatar: z.string().nullable(),
  links: z.array(ProfileLinkSchema),
  workExperience: z.array(WorkExperienceSchema),
  education: z.array(EducationSchema),
  skills: z.array(z.string()),
  languages: z.array(ProfileLanguageSchema),
  certifications: z.array(CertificationSchema),
  resume: ProfileResumeSchema.nullable(),
  updatedAt: z.string(),
});
export type ProfileDetails = z.infer<typeof ProfileDetailsSchema>;

/**
 * POST /api/pcsx/profile_edit (spec §7: op_section, operation snake-cased, op_data {value, index}).
 * Single sections (`contact`, `location`) take `update`; list sections take `add` (value = one item), `update`
 * (index + value), `delete` (index); `skills` also takes `replace` (value = the whole list). `resume_import`
 * with `merge` saves the parts of a parsed resume the candidate kept after reviewing it (value = ParsedResume):
 * contact fields fill only what is empty, list items are added unless an equal one exists, skills are unioned.
 * 422 → "Invalid request received. Please try again" (spec §8 "Profile edit").
 */
export const PROFILE_SECTIONS = [
  'contact',
  'location',
  'links',
  'work_experience',
  'education',
  'skills',
  'languages',
  'certifications',
  'resume_import',
] as const;
export const ProfileSectionSchema = z.enum(PROFILE_SECTIONS);
export type ProfileSection = z.infer<typeof ProfileSectionSchema>;

export const PROFILE_OPERATIONS = ['add', 'update', 'delete', 'replace', 'merge'] as const;
export const ProfileOperationSchema = z.enum(PROFILE_OPERATIONS);
export type ProfileOperation = z.infer<typeof ProfileOperationSchema>;

export const ProfileEditBodySchema = z.object({
  op_section: ProfileSectionSchema,
  operation: ProfileOperationSchema,
  op_data: z.object({ value: z.unknown().optional(), index: z.number().int().min(0).max(PROFILE_LIST_MAX_ITEMS).optional() }).default({}),
  domain: z.string().max(253).optional(),
});
export type ProfileEditBody = z.input<typeof ProfileEditBodySchema>;

/**
 * What the resume parser found (POST /api/pcsx/upload_resume answers `{ candidate, parsed }`): every part
 * optional, in the profile's own shapes, so the review screen can offer each for saving through
 * profile_edit `resume_import`/`merge`.
 */
export const ParsedResumeSchema = z.object({
  contact: z
    .object({
      firstName: z.string().nullable().default(null),
      lastName: z.string().nullable().default(null),
      email: z.string().nullable().default(null),
      phone: z.string().nullable().default(null),
      headline: z.string().nullable().default(null),
    })
    .default({ firstName: null, lastName: null, email: null, phone: null, headline: null }),
  location: z.string().nullable().default(null),
  links: z.array(ProfileLinkSchema).max(PROFILE_LIST_MAX_ITEMS).default([]),
  workExperience: z.array(WorkExperienceSchema).max(PROFILE_LIST_MAX_ITEMS).default([]),
  education: z.array(EducationSchema).max(PROFILE_LIST_MAX_ITEMS).default([]),
  skills: z.array(SkillSchema).max(PROFILE_SKILLS_MAX_ITEMS).default([]),
  languages: z.array(ProfileLanguageSchema).max(PROFILE_LIST_MAX_ITEMS).default([]),
  certifications: z.array(CertificationSchema).max(PROFILE_LIST_MAX_ITEMS).default([]),
});
export type ParsedResume = z.infer<typeof ParsedResumeSchema>;

/** `{ data: ProfileDetails }`: what profile_details and profile_edit answer (spec §7 "response data is the profile"). */
export const ProfileDetailsResponseSchema = z.object({ data: ProfileDetailsSchema });
export type ProfileDetailsResponse = z.infer<typeof ProfileDetailsResponseSchema>;

/** The list sections of the profile (add / update / delete by index), and how many items each holds at most. */
export const PROFILE_LIST_SECTIONS = ['links', 'work_experience', 'education', 'skills', 'languages', 'certifications'] as const;
export type ProfileListSection = (typeof PROFILE_LIST_SECTIONS)[number];

export function profileListCap(section: ProfileListSection): number {
  return section === 'skills' ? PROFILE_SKILLS_MAX_ITEMS : PROFILE_LIST_MAX_ITEMS;
}

/** profile_edit `location` / `update`: free text, or null (an empty text clears it too). */
export const ProfileLocationValueSchema = shortText()
  .nullable()
  .transform((text) => (text === null || text === '' ? null : text));

/** profile_edit `skills` / `replace`: the whole list. */
export const ProfileSkillListSchema = z.array(SkillSchema).max(PROFILE_SKILLS_MAX_ITEMS, `Add no more than ${PROFILE_SKILLS_MAX_ITEMS} skills`);

/**
 * GET /api/pcsx/profile_analysis → `{ data: ProfileAnalysis }` (spec §7; issue 11): what the profile is strongest
 * in and which skills would open more of the company's jobs, computed from the tenant's open positions' skills.
 * A position is "within reach" when the profile has at least half of the skills it asks for
 * (PROFILE_REACH_SHARE); a position that lists no skills is left out (nothing to compare).
 */
export const PROFILE_REACH_SHARE = 0.5;

export const ProfileAnalysisSchema = z.object({
  /** Open positions that list skills. */
  openPositions: z.number().int().nonnegative(),
  /** Of those, how many are within reach of the profile today. */
  positionsInReach: z.number().int().nonnegative(),
  /** The profile's skills the company asks for, most asked-for first. */
  strengths: z.array(z.object({ skill: z.string(), openPositions: z.number().int().positive() })),
  /** Departments where most of the profile's reach lies, best first. */
  strongestAreas: z.array(z.object({ department: z.string(), positionsInReach: z.number().int().positive(), openPositions: z.number().int().positive() })),
  /** Skills the profile lacks, with how many more positions each would bring within reach, most first. */
  skillsToAdd: z.array(z.object({ skill: z.string(), additionalPositions: z.number().int().positive(), openPositions: z.number().int().positive() })),
});
export type ProfileAnalysis = z.infer<typeof ProfileAnalysisSchema>;
export const ProfileAnalysisResponseSchema = z.object({ data: ProfileAnalysisSchema });
export type ProfileAnalysisResponse = z.infer<typeof ProfileAnalysisResponseSchema>;
