import { bootQueryKeys, Messages, PROFILE_RESUME_PDF_PATH, type ProfileDetails, type ProfileEditBody } from '@careers/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { PAGE_ANSWER_FRESH_MS } from '../../../lib/query-client';

const profileAnalysisAnswer = lazySchema(() => import('./schemas'), 'ProfileAnalysisResponseSchema');
const profileDetailsAnswer = lazySchema(() => import('./schemas'), 'ProfileDetailsResponseSchema');

// The server answers both in the profile's page (profile.preload.ts).
export const profileQueryKey = bootQueryKeys.profileDetails();
export const profileAnalysisQueryKey = bootQueryKeys.profileAnalysis();

/** GET /api/pcsx/profile_details (spec §7). */
export async function fetchProfile(signal?: AbortSignal): Promise<ProfileDetails> {
  return (await http.get('/api/pcsx/profile_details', { signal }, profileDetailsAnswer)).data;
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => fetchProfile(signal), staleTime: PAGE_ANSWER_FRESH_MS });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** POST /api/pcsx/profile_edit (spec §7): answers the profile as it now is. */
export async function editProfile(body: ProfileEditBody): Promise<ProfileDetails> {
  return (await http.post('/api/pcsx/profile_edit', body, {}, profileDetailsAnswer)).data;
}

/**
 * One edit; the answer replaces the cached profile, and what depends on the profile (analysis, match details)
 * is refetched. `optimistic` shows the change at once (skills); it is rolled back when the edit fails.
 */
export function useProfileEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body }: { body: ProfileEditBody; optimistic?: (profile: ProfileDetails) => ProfileDetails }) => editProfile(body),
    onMutate: async ({ optimistic }) => {
      const previous = queryClient.getQueryData<ProfileDetails>(profileQueryKey);
      if (optimistic && previous) {
        await queryClient.cancelQueries({ queryKey: profileQueryKey });
        queryClient.setQueryData(profileQueryKey, optimistic(previous));
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(profileQueryKey, context.previous);
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      void queryClient.invalidateQueries({ queryKey: profileAnalysisQueryKey });
    },
  });
}

/** GET /api/pcsx/profile_analysis (spec §7). */
export function useProfileAnalysis() {
  return useQuery(
    queryOptions({
      queryKey: profileAnalysisQueryKey,
      queryFn: async ({ signal }) => (await http.get('/api/pcsx/profile_analysis', { signal }, profileAnalysisAnswer)).data,
      staleTime: PAGE_ANSWER_FRESH_MS,
    }),
  );
}

/** spec §8 "Profile edit": 422 → the invalid-request message (with the fields it names), anything else the generic one. */
export function profileEditError(error: unknown): { kind: 'invalid' | 'generic'; fields: Record<string, string> } {
  if (error instanceof ApiError && error.status === 422) {
    const fields: Record<string, string> = {};
    for (const [key, message] of Object.entries(error.fields)) fields[key.replace(/^op_data\.value\.?/, '') || '_'] = message;
    return { kind: 'invalid', fields };
  }
  return { kind: 'generic', fields: {} };
}

export const PROFILE_INVALID_MESSAGE = Messages.invalidRequestReceived;
export const resumePdfPath = PROFILE_RESUME_PDF_PATH;
