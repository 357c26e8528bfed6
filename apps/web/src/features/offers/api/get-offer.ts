import { type Offer, offerApiPaths } from '@careers/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { CACHE_TIME } from '../../../lib/query-client';
import { offerQueryKeys } from './offer-query-keys';

const offerDetailAnswer = lazySchema(() => import('./schemas'), 'OfferDetailResponseSchema');

/** One offer with its documents' PDF bytes (`b64_string`), for the letter page. */
export async function fetchOffer(offerId: string, signal?: AbortSignal): Promise<Offer> {
  const { offer } = await http.get(offerApiPaths.detail(offerId), { signal }, offerDetailAnswer);
  return offer;
}

/**
 * The letter carries the PDF, so it is not refetched on every focus like the list; accept and decline
 * invalidate it, and the server refuses any action on an offer that changed meanwhile.
 */
export const offerQueryOptions = (offerId: string) =>
  queryOptions({
    queryKey: offerQueryKeys.detail(offerId),
    queryFn: ({ signal }) => fetchOffer(offerId, signal),
    staleTime: CACHE_TIME.fiveMinutes,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useOffer(offerId: string) {
  return useQuery(offerQueryOptions(offerId));
}
