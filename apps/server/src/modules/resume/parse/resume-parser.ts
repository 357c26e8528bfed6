import {
  CertificationSchema,
  EducationSchema,
  ParsedResumeSchema,
  ProfileLanguageSchema,
  ProfileLinkSchema,
  SkillSchema,
  WorkExperienceSchema,
  type ParsedResume,
} from '@careers/contracts';
import { findEmail, findLinks, findPhone, readHeader } from './contact';
import { parseEducation, parseExperience } from './entries';
import { parseCertifications, parseLanguages } from './languages';
import { splitSections, textLines } from './sections';
import { createSkillMatcher, parseSkills, type SkillMatcher } from './skills';

/**
 * A resume's text → what the candidate may save to their profile (ParsedResume, the profile's own shapes).
 * Pure and synchronous: the text comes from the extraction thread (resume-extract.ts); nothing here reads
 * files or the database. Every part is optional, and the result always passes ParsedResumeSchema, so the
 * review screen can offer it for saving as it is.
 */

export interface ParseOptions {
  /** Skills of the tenant's own positions, matched before the shipped vocabulary. */
  skills?: SkillMatcher;
  /** The tenant's country for numbers written without a calling code (forms engine default otherwise). */
  defaultCountry?: string;
}

/** No resume line is longer, nor a resume's text: past these the parser's work grew faster than the text. */
const MAX_LINE_LENGTH = 500;
const MAX_LINES = 2000;

export function parseResume(text: string, options: ParseOptions = {}): ParsedResume {
  const lines = textLines(text)
    .slice(0, MAX_LINES)
    .map((line) => line.slice(0, MAX_LINE_LENGTH));
  const joined = lines.join('\n');
  const { header, byKind } = splitSections(lines);
  const contactLines = [...(byKind.get('contact') ?? []), ...(byKind.get('links') ?? [])];
  const facts = readHeader(header, contactLines);
  const matcher = options.skills ?? createSkillMatcher();
  const parsed = {
    contact: {
      firstName: facts.firstName,
      lastName: facts.lastName,
      email: findEmail(joined),
      phone: findPhone(joined, options.defaultCountry ?? 'US'),
      headline: facts.headline,
    },
    location: facts.location,
    links: findLinks(joined, [...header, ...contactLines]),
    workExperience: parseExperience(byKind.get('experience') ?? []),
    education: parseEducation(byKind.get('education') ?? []),
    skills: parseSkills(byKind.get('skills') ?? null, joined, matcher),
    languages: parseLanguages(byKind.get('languages') ?? []),
    certifications: parseCertifications(byKind.get('certifications') ?? []),
  };
  // Whatever a strange resume yields, what leaves here is valid: entries the schema refuses are dropped.
  return sanitise(parsed);
}

function sanitise(parsed: ParsedResume): ParsedResume {
  const valid = <T>(schema: { safeParse(value: unknown): { success: boolean } }, items: readonly T[]) => items.filter((item) => schema.safeParse(item).success);
  return ParsedResumeSchema.parse({
    ...parsed,
    links: valid(ProfileLinkSchema, parsed.links),
    workExperience: valid(WorkExperienceSchema, parsed.workExperience),
    education: valid(EducationSchema, parsed.education),
    skills: valid(SkillSchema, parsed.skills),
    languages: valid(ProfileLanguageSchema, parsed.languages),
    certifications: valid(CertificationSchema, parsed.certifications),
  });
}
