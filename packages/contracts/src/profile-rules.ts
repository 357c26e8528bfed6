/**
 * The profile's plain rules (issue 11): how skills compare, the languages' proficiencies, profile completion and
 * the resume export's address. No zod here, so the profile page loads no schema with them (the web loads
 * response schemas with the first answer, lib/lazy-schema.ts); candidate-profile.ts holds the schemas.
 */
import type { ProfileDetails } from './candidate-profile';

export const LANGUAGE_PROFICIENCIES = ['elementary', 'limited_working', 'professional_working', 'full_professional', 'native'] as const;
/** Skills compare without case or surrounding space ("python" is "Python"). */
export const skillKey = (skill: string): string => skill.trim().toLocaleLowerCase('en');

/**
 * Profile completion (spec §3 "User store" profileCompletionData): one rule for the server's user store and the
 * profile page. Each part weighs the same; `missing` lists the parts still to do, in the page's order.
 */
export const PROFILE_COMPLETION_PARTS = ['contact', 'headline', 'location', 'resume', 'work_experience', 'education', 'skills', 'languages'] as const;
export type ProfileCompletionPart = (typeof PROFILE_COMPLETION_PARTS)[number];

export interface ProfileCompletionFacts {
  firstName: string;
  lastName: string;
  phone: string | null;
  headline: string | null;
  location: string | null;
  hasResume: boolean;
  workExperience: number;
  education: number;
  skills: number;
  languages: number;
}

/** Three skills make the skills part: enough for match details to say something. */
export const PROFILE_COMPLETION_MIN_SKILLS = 3;

export function profileCompletionOf(facts: ProfileCompletionFacts): { percent: number; missing: ProfileCompletionPart[] } {
  const filled = (text: string | null): boolean => Boolean(text && text.trim() !== '');
  const done: Record<ProfileCompletionPart, boolean> = {
    contact: filled(facts.firstName) && filled(facts.lastName) && filled(facts.phone),
    headline: filled(facts.headline),
    location: filled(facts.location),
    resume: facts.hasResume,
    work_experience: facts.workExperience > 0,
    education: facts.education > 0,
    skills: facts.skills >= PROFILE_COMPLETION_MIN_SKILLS,
    languages: facts.languages > 0,
  };
  const missing = PROFILE_COMPLETION_PARTS.filter((part) => !done[part]);
  return { percent: Math.round(((PROFILE_COMPLETION_PARTS.length - missing.length) / PROFILE_COMPLETION_PARTS.length) * 100), missing };
}

/** The completion facts of a profile as profile_details answers it. */
export const profileCompletionFacts = (profile: ProfileDetails): ProfileCompletionFacts => ({
  firstName: profile.contact.firstName,
  lastName: profile.contact.lastName,
  phone: profile.contact.phone,
  headline: profile.contact.headline,
  location: profile.location,
  hasResume: profile.resume !== null,
  workExperience: profile.workExperience.length,
  education: profile.education.length,
  skills: profile.skills.length,
  languages: profile.languages.length,
});

/** GET: the signed-in candidate's profile as a PDF resume (Content-Disposition: attachment), for /careers/export-resume. */
export const PROFILE_RESUME_PDF_PATH = '/api/pcsx/profile_resume.pdf';
