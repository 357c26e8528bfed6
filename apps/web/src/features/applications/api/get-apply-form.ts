import { ApplyFormResponseSchema, type ApplyForm } from '@careers/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { applyApiPaths, applyQueryKeys } from './apply-api';

/** GET /api/pcsx/apply_form?pid=1,2,3: one form for the jobs, each question once, prefilled (profile, last application, draft). */
export async function fetchApplyForm(positionIds: readonly number[], signal?: AbortSignal): Promise<ApplyForm> {
  const { data } = await http.get(applyApiPaths.applyForm, { query: { pid: positionIds.join(',') }, signal }, ApplyFormResponseSchema);
  return data;
}

/**
 * Read once per visit: the form the candidate is filling must not be refetched under their hands on a window
 * focus. Dropping a job from the batch keeps the previous form on screen while the smaller one loads.
 */
export const applyFormQueryOptions = (positionIds: readonly number[]) =>
  queryOptions({
    queryKey: applyQueryKeys.form(positionIds),
    queryFn: ({ signal }) => fetchApplyForm(positionIds, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });

export function useApplyForm(positionIds: readonly number[], isEnabled = true) {
  return useQuery({ ...applyFormQueryOptions(positionIds), enabled: isEnabled && positionIds.length > 0 });
}
