import type { ProfileDetails, ProfileDetailsResponse } from '@careers/contracts';
import { avatarUrl } from '../auth/auth.presenter';
import type { ProfileView } from './profile.service';

/** spec §7 profile_details / profile_edit: `{ data: profile }`; the avatar as an absolute URL (spec §3 "User store"). */
export function presentProfileDetails({ record, resume }: ProfileView, staticHost: string): ProfileDetailsResponse {
  const data: ProfileDetails = {
    encId: record.candidateId,
    email: record.email,
    contact: record.contact,
    location: record.location,
    avatar: avatarUrl(record.avatarPath, staticHost),
    links: record.links,
    workExperience: record.workExperience,
    education: record.education,
    skills: record.skills,
    languages: record.languages,
    certifications: record.certifications,
    resume,
    updatedAt: record.updatedAt,
  };
  return { data };
}
