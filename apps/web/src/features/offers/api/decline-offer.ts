import { type DeclineOfferRequest, type OfferActionResponse, offerApiPaths } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { OfferRequestDefault, withRequestDefault } from './offer-errors';
import { offerQueryKeys } from './offer-query-keys';

const offerActionAnswer = lazySchema(() => import('./schemas'), 'OfferActionResponseSchema');

export interface DeclineOfferInput {
  offerId: string;
  reason: DeclineOfferRequest;
}

/** POST /api/offer/offers/{id}/decline with the optional reason the company sees. */
export function declineOffer({ offerId, reason }: DeclineOfferInput): Promise<OfferActionResponse> {
  return withRequestDefault(
    http.post(offerApiPaths.decline(offerId), reason, {}, offerActionAnswer),
    OfferRequestDefault.rejectOffer,
  );
}

/** spec §4 "Decline ... success: invalidates the offers list". */
export function useDeclineOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerQueryKeys.all }),
  });
}
