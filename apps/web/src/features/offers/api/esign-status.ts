import { offerApiPaths, type EsignStatusRequest, type EsignStatusResponse } from '@careers/contracts';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';

const esignStatusAnswer = lazySchema(() => import('./schemas'), 'EsignStatusResponseSchema');

/**
 * POST /api/offer/offers/{id}/{documentId}/esign_status: reports what the signing frame said and answers with
 * the document's state as the server stores it — the server never takes the page's word (QUALITY T11).
 */
export function sendEsignStatus(
  offerId: string,
  documentId: string,
  status: EsignStatusRequest['status'],
): Promise<EsignStatusResponse> {
  const body: EsignStatusRequest = { status };
  return http.post(offerApiPaths.esignStatus(offerId, documentId), body, {}, esignStatusAnswer);
}
