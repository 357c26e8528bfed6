import { DOCUMENT_UPLOAD_FIELD, offerApiPaths, type OfferActionResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { OfferRequestDefault, withRequestDefault } from './offer-errors';
import { offerQueryKeys } from './offer-query-keys';

const offerActionAnswer = lazySchema(() => import('./schemas'), 'OfferActionResponseSchema');

export type AcceptDocumentInput = { offerId: string; documentId: string } & (
  /** The signed document uploaded as `signed_document_file` (spec §7). */
  | { method: 'upload'; file: File }
  /** spec §2 (a), §5: the agree checkbox and the typed name, for the document shown. */
  | { method: 'inline'; signature: string }
  /** After an e-signature in the frame: "the accept is sent with empty form data" (spec §4). */
  | { method: 'esign' }
);

/** POST /api/offer/offers/{id}/{documentId}/accept (spec §7), always multipart. */
export function acceptDocument(input: AcceptDocumentInput): Promise<OfferActionResponse> {
  const form = new FormData();
  switch (input.method) {
    case 'upload':
      form.append(DOCUMENT_UPLOAD_FIELD, input.file, input.file.name);
      break;
    case 'inline':
      form.append('agreed', 'true');
      form.append('signature', input.signature);
      break;
    case 'esign':
      break;
  }
  return withRequestDefault(
    http.post(offerApiPaths.documentAccept(input.offerId, input.documentId), form, {}, offerActionAnswer),
    OfferRequestDefault.acceptDocument,
  );
}

/** spec §4 "Accept success: invalidates the offers list" (and the letter, which then shows the signed copy). */
export function useAcceptDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptDocument,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offerQueryKeys.all }),
  });
}
