import { type OffersListResponse, offerApiPaths } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';
import { offerQueryKeys } from './offer-query-keys';

const offersListAnswer = lazySchema(() => import('./schemas'), 'OffersListResponseSchema');

export function fetchOffers(signal?: AbortSignal): Promise<OffersListResponse> {
  return http.get(offerApiPaths.list(), { signal }, offersListAnswer);
}

/** spec §7: the offers list is "cached one day, no retry, refetch on focus". */
export const offersQueryOptions = () =>
  queryOptions({
    queryKey: offerQueryKeys.list(),
    queryFn: ({ signal }) => fetchOffers(signal),
    staleTime: CACHE_TIME.oneDay,
    retry: false,
    refetchOnWindowFocus: true,
  });

/**
 * `isFreshOnOpen`: the offer page reads the same cached list but asks the server again as it opens, so a
 * document the company released meanwhile can be started at once (the cached copy shows in the meantime).
 */
export function useOffers({ isFreshOnOpen = false }: { isFreshOnOpen?: boolean } = {}) {
  return useQuery({ ...offersQueryOptions(), refetchOnMount: isFreshOnOpen ? 'always' : true });
}
