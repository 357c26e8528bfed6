import type { CandidatePreferences, PreferencesResponse, UpdatePreferencesRequest } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { useSession } from '../../../lib/session';

const preferencesAnswer = lazySchema(() => import('./schemas'), 'PreferencesResponseSchema');

export const ACCOUNT_API = {
  preferences: '/api/account/preferences',
  dataExport: '/api/account/data_export',
  deleteAccount: '/api/account/delete',
} as const;

export function fetchPreferences(): Promise<PreferencesResponse> {
  return http.get(ACCOUNT_API.preferences, {}, preferencesAnswer);
}

export const preferencesQueryOptions = () => queryOptions({ queryKey: ['account', 'preferences'], queryFn: fetchPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

export function updatePreferences(body: UpdatePreferencesRequest): Promise<PreferencesResponse> {
  return http.post(ACCOUNT_API.preferences, body, {}, preferencesAnswer);
}

/** Saves, then makes the answer the truth everywhere: the query cache and the user store (its time zone). */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { userStore, onboarding, applyAuthState } = useSession();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (answer) => {
      queryClient.setQueryData(preferencesQueryOptions().queryKey, answer);
      applyAuthState({ userStore: { ...userStore, preferences: answer.preferences }, onboarding });
    },
  });
}

export type { CandidatePreferences };
