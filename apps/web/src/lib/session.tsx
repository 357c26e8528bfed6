import type { AuthState, OnboardingBootData, UserStore } from '@careers/contracts';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { browserTimeZone } from './intl';

export interface SessionValue {
  userStore: UserStore;
  onboarding: OnboardingBootData;
  isLoggedIn: boolean;
  /** Takes the answer of sign-in, sign-up, /me or profile bootstrapping as the new truth. */
  applyAuthState(state: AuthState): void;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Who is signed in, seeded from boot data and updated by auth calls that do not reload the page. */
export function SessionProvider({ initial, children }: { initial: AuthState; children: ReactNode }) {
  const [state, setState] = useState<AuthState>(initial);
  const applyAuthState = useCallback((next: AuthState) => setState(next), []);
  const value = useMemo<SessionValue>(
    () => ({
      userStore: state.userStore,
      onboarding: state.onboarding,
      isLoggedIn: state.userStore.isLoggedIn,
      applyAuthState,
    }),
    [state, applyAuthState],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used within a SessionProvider');
  return value;
}

/** "Ada Lovelace", or the e-mail address when no name is known. */
export function displayName(userStore: UserStore): string {
  const profile = userStore.profile;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ').trim();
  return name || profile?.email || userStore.user?.email || '';
}

export function initials(userStore: UserStore): string {
  const profile = userStore.profile;
  const letters = [profile?.firstName, profile?.lastName]
    .map((part) => part?.trim().charAt(0) ?? '')
    .join('');
  return (letters || (profile?.email ?? userStore.user?.email ?? '?').charAt(0)).toUpperCase();
}

/** Whether the signed-in user is an admin; false when there is no session context (boot failures). */
export function useIsAdmin(): boolean {
  return useContext(SessionContext)?.userStore.user?.is_admin === true;
}

/**
 * Issue 11: the zone the candidate's dates are shown in (dashboard, interviews, notifications): their saved
 * choice, else the browser's.
 */
export function useTimeZone(): string {
  return useContext(SessionContext)?.userStore.preferences?.timeZone ?? browserTimeZone();
}
