import type { FormRequestStatus } from '@careers/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';
import { formsCenterApiPaths, formsCenterQueryKeys } from './forms-center-api';

const formsListAnswer = lazySchema(() => import('./schemas'), 'FormsListResponseSchema');

/** spec §7 forms_list: one tab's forms with the tab list and its counts (include_tab_list). */
export function fetchFormsList(tab: FormRequestStatus, signal?: AbortSignal) {
  return http.get(formsCenterApiPaths.list(tab), { signal }, formsListAnswer).then((response) => response.data);
}

export const formsListQueryOptions = (tab: FormRequestStatus) =>
  queryOptions({
    queryKey: formsCenterQueryKeys.list(tab),
    queryFn: ({ signal }) => fetchFormsList(tab, signal),
    staleTime: CACHE_TIME.thirtySeconds,
    retry: false,
    refetchOnWindowFocus: true,
  });

/** The previous tab's list stays on screen while the next one loads (no flash of skeletons between tabs). */
export function useFormsList(tab: FormRequestStatus) {
  return useQuery({ ...formsListQueryOptions(tab), placeholderData: keepPreviousData });
}
