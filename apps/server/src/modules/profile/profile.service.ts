import { profileCompletionFacts, profileCompletionOf, type ProfileAnalysis, type ProfileResume } from '@careers/contracts';
import type { ProfileStanding } from '../auth/auth.presenter';
import type { Clock } from '../../clock';
import { NotFoundError } from '../../errors';
import { renderResumePdf } from '../pdf/resume.pdf';
import { analyseProfile } from './profile-analysis';
import { applyProfileEdit, type ProfileEdit } from './profile-edit';
import type { ProfileContent, ProfileRecord, ProfileRepository } from './profile.repository';
import type { ProfileOwner } from './profile.policy';
import { presentProfileDetails } from './profile.presenter';

/** The profile as the presenter shows it: what is stored, and the candidate's current resume. */
export interface ProfileView {
  record: ProfileRecord;
  resume: ProfileResume | null;
}

/** The current resume, from whichever module keeps resumes (wired in services.ts; null until one exists). */
export type CurrentResumePort = (tenantId: string, candidateId: string) => Promise<ProfileResume | null>;

export interface ProfileService {
  /** spec §7 profile_details. A candidate with no profile row yet has an empty one. */
  details(owner: ProfileOwner): Promise<ProfileView>;
  /** spec §7 profile_edit: one change, in one transaction, answered with the profile as it now is. */
  edit(owner: ProfileOwner, edit: ProfileEdit): Promise<ProfileView>;
  /** spec §7 profile_analysis: strengths and the skills that would open more of the company's jobs. */
  analysis(owner: ProfileOwner): Promise<ProfileAnalysis>;
  /**
   * The user store's hasResume and profileCompletionData (spec §3; issue 11): the completion of the profile exactly
   * as profile_details answers it, by the rule the profile page applies to it (profileCompletionOf).
   */
  standing(owner: ProfileOwner): Promise<ProfileStanding>;
  /** /careers/export-resume: the profile as a PDF resume, and a file name made from the candidate's name. */
  exportResume(owner: ProfileOwner, locale?: string): Promise<{ pdf: Uint8Array; fileName: string }>;
}

/** One rule for the page and the user store: profileCompletionOf over the profile_details answer. */
export function standingOf(view: ProfileView): ProfileStanding {
  const details = presentProfileDetails(view, '').data;
  return { hasResume: view.resume !== null, completion: profileCompletionOf(profileCompletionFacts(details)) };
}

/** "Ada Lovelace" → "Ada-Lovelace-resume.pdf"; letters of any script kept, anything else dropped. */
export function resumeFileName(firstName: string, lastName: string): string {
  const base = `${firstName} ${lastName}`.normalize('NFC').replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${base || 'profile'}-resume.pdf`;
}

export const contentOf = (record: ProfileRecord): ProfileContent => ({
  contact: record.contact,
  location: record.location,
  links: record.links,
  workExperience: record.workExperience,
  education: record.education,
  skills: record.skills,
  languages: record.languages,
  certifications: record.certifications,
});

export function createProfileService(deps: {
  repository: ProfileRepository;
  transaction: <T>(work: (repository: ProfileRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
  currentResume: CurrentResumePort;
}): ProfileService {
  const find = async (repository: ProfileRepository, owner: ProfileOwner): Promise<ProfileRecord> => {
    const record = await repository.find(owner.tenantId, owner.candidateId);
    // The session's candidate always exists in its tenant; a deleted one reads as missing, never as another's.
    if (!record) throw new NotFoundError();
    return record;
  };

  const details = async (owner: ProfileOwner): Promise<ProfileView> => {
    const [record, resume] = await Promise.all([find(deps.repository, owner), deps.currentResume(owner.tenantId, owner.candidateId)]);
    return { record, resume };
  };

  return {
    details,

    async edit(owner, edit) {
      const record = await deps.transaction(async (repository) => {
        await repository.lockCandidate(owner.tenantId, owner.candidateId);
        const before = await find(repository, owner);
        const after = applyProfileEdit(contentOf(before), edit);
        const at = deps.clock.now().toISOString();
        if (!(await repository.save(owner.tenantId, owner.candidateId, after, at))) throw new NotFoundError();
        return find(repository, owner);
      });
      return { record, resume: await deps.currentResume(owner.tenantId, owner.candidateId) };
    },

    async standing(owner) {
      return standingOf(await details(owner));
    },

    async analysis(owner) {
      const [record, positions] = await Promise.all([find(deps.repository, owner), deps.repository.openPositionSkills(owner.tenantId)]);
      return analyseProfile(record.skills, positions);
    },

    async exportResume(owner, locale) {
      const record = await find(deps.repository, owner);
      const pdf = await renderResumePdf({ ...record, email: record.email }, { createdAt: deps.clock.now(), locale });
      return { pdf, fileName: resumeFileName(record.contact.firstName, record.contact.lastName) };
    },
  };
}
