import { offerApiPaths } from '@careers/contracts';
import { http } from '../../../lib/http';

/**
 * Records that the candidate opened the offer (documentId null) or a letter: evidence of what was shown
 * (QUALITY "Signing evidence"). Nothing the candidate sees depends on it.
 */
export function recordOfferView(offerId: string, documentId: string | null): Promise<void> {
  return http.post<void>(offerApiPaths.viewed(offerId), { document_id: documentId });
}
