import { OFFER_UPLOAD_FIELD, offerApiPaths, type OfferActionResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { OfferRequestDefault, withRequestDefault } from './offer-errors';
import { offerQueryKeys } from './offer-query-keys';

const offerActionAnswer = lazySchema(() => import('./schemas'), 'OfferActionResponseSchema');

export interface AcceptOfferInput {
  offerId: string;
  /** spec §2 (b), §7: the printed-and-signed letter, as `signed_offer_letter_pdf_file`. */
  file: File;
}

/**
 * POST /api/offer/offers/{id}/accept, multipart (spec §7): the offer's own letter page. The server signs the
 * one document awaiting a signature, and refuses when several do (each is signed on its own page).
 */
export function acceptOffer({ offerId, file }: AcceptOfferInput): Promise<OfferActionResponse> {
  const form = new FormData();
  form.append(OFFER_UPLOAD_FIELD, file, file.name);
  return withRequestDefault(
    http.post(offerApiPaths.accept(offerId), form, {}, offerActionAnswer),
    OfferRequestDefault.acceptOffer,
  );
}

/** spec §4 "Accept success: invalidates the offers list". */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerQueryKeys.all }),
  });
}
