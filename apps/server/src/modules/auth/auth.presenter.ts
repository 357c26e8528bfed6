import {
  profileCompletionOf,
  type AuthState,
  type Profile,
  type ProfileCompletion,
  type SessionListResponse,
  type UserStore,
} from '@careers/contracts';
import { presentOnboarding } from '../onboarding/onboarding.presenter';
import type { Tenant } from '../tenants/tenants.service';
import type { Candidate } from './candidates.repository';
import type { SessionRecord } from './sessions.repository';

/** spec §3 "User store": "a relative avatar path is prefixed with a static CDN host". */
export function avatarUrl(avatarPath: string | null, staticHost: string): string | null {
  if (!avatarPath) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(avatarPath) || avatarPath.startsWith('//')) return avatarPath;
  return `${staticHost}${avatarPath.startsWith('/') ? '' : '/'}${avatarPath}`;
}

/**
 * What the user store says of the candidate's profile: whether a resume is on file, and the profile's completion
 * by the one rule the profile page uses (contracts profileCompletionOf over the whole profile). The profile module
 * answers it (ProfileService.standing, wired in app.ts); accountStanding is what the account alone tells.
 */
export interface ProfileStanding {
  hasResume: boolean;
  completion: ProfileCompletion;
}

export type ProfileStandingPort = (tenantId: string, candidateId: string) => Promise<ProfileStanding>;

/** The same eight-part rule over what the candidates row holds (names, location): every list counted empty. */
export function accountStanding(candidate: Candidate, hasResume = false): ProfileStanding {
  return {
    hasResume,
    completion: profileCompletionOf({
      firstName: candidate.firstName,
      lastName: candidate.lastName,
      phone: null,
      headline: null,
      location: candidate.location,
      hasResume,
      workExperience: 0,
      education: 0,
      skills: 0,
      languages: 0,
    }),
  };
}

function presentProfile(candidate: Candidate, staticHost: string, hasResume: boolean): Profile {
  return {
    encId: candidate.id,
    email: candidate.email,
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    firstname: candidate.firstName,
    lastname: candidate.lastName,
    location: candidate.location,
    hasResume,
    avatar: avatarUrl(candidate.avatarPath, staticHost),
  };
}

/** `standing`: the resume and completion the profile module reports (accountStanding when not given). */
export function presentUserStore(tenant: Tenant, candidate: Candidate | null, staticHost: string, standing?: ProfileStanding): UserStore {
  if (!candidate) {
    return { groupId: tenant.domain, isLoggedIn: false, user: null, profile: null, profileCompletionData: null };
  }
  return {
    groupId: tenant.domain,
    isLoggedIn: true,
    user: {
      id: candidate.id,
      email: candidate.email,
      is_admin: candidate.isAdmin,
      isThemeBuilderUser: candidate.isThemeBuilderUser,
    },
    profile: presentProfile(candidate, staticHost, (standing ?? accountStanding(candidate)).hasResume),
    profileCompletionData: (standing ?? accountStanding(candidate)).completion,
  };
}

export function presentAuthState(tenant: Tenant, candidate: Candidate | null, staticHost: string, standing?: ProfileStanding): AuthState {
  return {
    userStore: presentUserStore(tenant, candidate, staticHost, standing),
    onboarding: presentOnboarding(tenant.config, candidate),
  };
}

export function presentSessions(records: SessionRecord[], currentIdHash: string): SessionListResponse {
  return {
    sessions: records.map((record) => ({
      id: record.publicId,
      createdAt: record.createdAt,
      lastSeenAt: record.lastSeenAt,
      userAgent: record.userAgent,
      isCurrent: record.idHash === currentIdHash,
    })),
  };
}
