import type {
  AuthState,
  Profile,
  ProfileCompletion,
  SessionListResponse,
  UserStore,
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

/** Five equal parts; the resume counts once uploads exist. */
export function profileCompletion(candidate: Candidate, hasResume: boolean): ProfileCompletion {
  const parts: Record<string, boolean> = {
    firstName: candidate.firstName.trim() !== '',
    lastName: candidate.lastName.trim() !== '',
    location: Boolean(candidate.location?.trim()),
    resume: hasResume,
    avatar: Boolean(candidate.avatarPath),
  };
  const names = Object.keys(parts);
  const missing = names.filter((name) => !parts[name]);
  return { percent: Math.round(((names.length - missing.length) / names.length) * 100), missing };
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

/** `hasResume`: the candidate has a current resume (issue 11, candidate_resumes). */
export function presentUserStore(tenant: Tenant, candidate: Candidate | null, staticHost: string, hasResume = false): UserStore {
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
    profile: presentProfile(candidate, staticHost, hasResume),
    profileCompletionData: profileCompletion(candidate, hasResume),
  };
}

export function presentAuthState(tenant: Tenant, candidate: Candidate | null, staticHost: string, hasResume = false): AuthState {
  return {
    userStore: presentUserStore(tenant, candidate, staticHost, hasResume),
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
