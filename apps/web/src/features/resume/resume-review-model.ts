import type { ParsedResume } from '@careers/contracts';

/**
 * What the candidate keeps of a parsed resume (issue 11: "the candidate reviews what was found before it is
 * saved"): each part on its own, every job and school one by one, skills one by one. Everything found starts
 * kept; the saved value is the parsed resume with what was left out removed.
 */
export interface ReviewSelection {
  contact: boolean;
  location: boolean;
  links: boolean;
  jobs: boolean[];
  schools: boolean[];
  /** Skills left out (by name). */
  droppedSkills: ReadonlySet<string>;
  languages: boolean;
  certifications: boolean;
}

export function hasContact(parsed: ParsedResume): boolean {
  const { firstName, lastName, email, phone, headline } = parsed.contact;
  return [firstName, lastName, email, phone, headline].some((value) => value !== null && value !== '');
}

export function initialSelection(parsed: ParsedResume): ReviewSelection {
  return {
    contact: hasContact(parsed),
    location: parsed.location !== null,
    links: parsed.links.length > 0,
    jobs: parsed.workExperience.map(() => true),
    schools: parsed.education.map(() => true),
    droppedSkills: new Set(),
    languages: parsed.languages.length > 0,
    certifications: parsed.certifications.length > 0,
  };
}

export function isEmptyResume(parsed: ParsedResume): boolean {
  return (
    !hasContact(parsed) &&
    parsed.location === null &&
    [parsed.links, parsed.workExperience, parsed.education, parsed.skills, parsed.languages, parsed.certifications].every((list) => list.length === 0)
  );
}

/** How many things will be saved: each part, job, school and skill counts one. */
export function selectedCount(parsed: ParsedResume, selection: ReviewSelection): number {
  const flags = [selection.contact && hasContact(parsed), selection.location, selection.links, selection.languages, selection.certifications];
  return (
    flags.filter(Boolean).length +
    selection.jobs.filter(Boolean).length +
    selection.schools.filter(Boolean).length +
    parsed.skills.filter((skill) => !selection.droppedSkills.has(skill)).length
  );
}

export function keptResume(parsed: ParsedResume, selection: ReviewSelection): ParsedResume {
  return {
    contact: selection.contact ? parsed.contact : { firstName: null, lastName: null, email: null, phone: null, headline: null },
    location: selection.location ? parsed.location : null,
    links: selection.links ? parsed.links : [],
    workExperience: parsed.workExperience.filter((_, index) => selection.jobs[index] === true),
    education: parsed.education.filter((_, index) => selection.schools[index] === true),
    skills: parsed.skills.filter((skill) => !selection.droppedSkills.has(skill)),
    languages: selection.languages ? parsed.languages : [],
    certifications: selection.certifications ? parsed.certifications : [],
  };
}
