import { Navigate, useParams, useSearchParams } from 'react-router';
import { OfferLetter } from '../../features/offers/components/offer-letter';
import { offersPath } from '../../lib/paths';
import { PageContainer } from '../shell/page-container';
import { RoutedOffersHost } from './offers-host';

/**
 * /careers/offer/{id}/offer-document/{documentId} and /careers/offer-letter/{id} (protected, page id
 * offerLetter): the letter page of spec §2. `?method=upload` asks for the upload steps.
 */
export function OfferLetterRoute() {
  const { id, documentId } = useParams();
  const [searchParams] = useSearchParams();
  if (!id) return <Navigate to={offersPath()} replace />;
  const method = searchParams.get('method') === 'upload' ? 'upload' : undefined;
  return (
    <RoutedOffersHost>
      <PageContainer pageId="offerLetter">
        <OfferLetter key={`${id}/${documentId ?? ''}/${method ?? ''}`} offerId={id} documentId={documentId ?? null} method={method} />
      </PageContainer>
    </RoutedOffersHost>
  );
}
