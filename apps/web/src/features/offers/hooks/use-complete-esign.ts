import type { EsignStatusResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptDocument } from '../api/accept-document';
import { sendEsignStatus } from '../api/esign-status';
import { offerQueryKeys } from '../api/offer-query-keys';

export interface EsignTarget {
  offerId: string;
  documentId: string;
}

/**
 * After the frame says ESIGN: spec §4 "the accept is sent with empty form data" and §7 "Accepting a document
 * runs the accept and esign_status calls together". The signing page has already recorded the signature with
 * the server, so the accept may find the document signed: its failure is not shown (§8 "suppressed for the
 * e-sign variant"). esign_status is the server's own confirmation (T11) and decides the outcome.
 */
export async function completeEsign({ offerId, documentId }: EsignTarget): Promise<EsignStatusResponse> {
  const [, status] = await Promise.allSettled([
    acceptDocument({ offerId, documentId, method: 'esign' }),
    sendEsignStatus(offerId, documentId, 'signed'),
  ]);
  if (status.status === 'rejected') throw status.reason;
  if (!status.value.signed) throw new EsignNotConfirmedError();
  return status.value;
}

/** The frame said ESIGN but the server has no signature on record: nothing is shown as signed. */
export class EsignNotConfirmedError extends Error {
  override readonly name = 'EsignNotConfirmedError';
  constructor() {
    super('The server has no e-signature on record for this document');
  }
}

export function useCompleteEsign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeEsign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerQueryKeys.all }),
  });
}
