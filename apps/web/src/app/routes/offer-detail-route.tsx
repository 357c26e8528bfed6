import { Navigate, useParams } from 'react-router';
import { OfferDetail } from '../../features/offers/components/offer-detail';
import { offersPath } from '../../lib/paths';
import { PageContainer } from '../shell/page-container';
import { RoutedOffersHost } from './offers-host';

/** /careers/offer/{id} (protected, page id offer): one offer and its documents (spec §2). */
export function OfferDetailRoute() {
  const { id } = useParams();
  if (!id) return <Navigate to={offersPath()} replace />;
  return (
    <RoutedOffersHost>
      <PageContainer pageId="offer" width="narrow">
        <OfferDetail key={id} offerId={id} />
      </PageContainer>
    </RoutedOffersHost>
  );
}
