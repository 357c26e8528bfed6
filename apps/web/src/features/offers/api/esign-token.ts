import { offerApiPaths } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';

const esignTokenAnswer = lazySchema(() => import('./schemas'), 'EsignTokenResponseSchema');

/** POST .../{documentId}/esign_token: a short-lived, single-use address of the hosted signing page. */
export async function fetchEsignUrl(offerId: string, documentId: string): Promise<string> {
  const { url } = await http.post(offerApiPaths.esignToken(offerId, documentId), {}, {}, esignTokenAnswer);
  return url;
}

/**
 * One token per visit of the signing view: never cached or reused (the token is single-use), never
 * refetched behind the candidate's back (that would reload the frame mid-signature).
 */
export function useEsignUrl(offerId: string, documentId: string) {
  return useQuery({
    // Outside ['offers'] on purpose: invalidating the offers must not replace a frame in use.
    queryKey: ['offer-esign-token', offerId, documentId],
    queryFn: () => fetchEsignUrl(offerId, documentId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
