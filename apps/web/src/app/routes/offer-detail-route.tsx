import { Navigate, useParams } from 'react-router';
import { useOffers } from '../../features/offers/api/list-offers';
import { OfferDetail } from '../../features/offers/components/offer-detail';
import { useOffersContext } from '../../features/offers/offers-context';
import { useOffersTranslation } from '../../features/offers/offers-i18n';
import { offersPath } from '../../lib/paths';
import { PageContainer } from '../shell/page-container';
import { RoutedOffersHost } from './offers-host';
import { isolate } from '../../ui/bdi';

/** /careers/offer/{id} (protected, page id offer): one offer and its documents (spec §2). */
export function OfferDetailRoute() {
  const { id } = useParams();
  if (!id) return <Navigate to={offersPath()} replace />;
  return (
    <RoutedOffersHost>
      <OfferDetailPage offerId={id} />
    </RoutedOffersHost>
  );
}

/**
 * spec §9 "Page title: … position name plus company name": the offer's heading, "Job offer for {position}",
 * stands for the position, so the tab reads e.g. "Job offer for Welder - Acme" (or the tenant's template).
 * It reads the same cached list as the page below (no request of its own); until the offer is known the
 * title stays the tenant's default.
 */
function OfferDetailPage({ offerId }: { offerId: string }) {
  const { t } = useOffersTranslation();
  // The context changes when the offers catalogue arrives, so the title is translated once it can be.
  useOffersContext();
  const offers = useOffers();
  const offer = offers.data?.offers.find((candidate) => candidate.id === offerId);
  const subject = offer ? t('detail.title', { position: isolate(offer.position.name) }) : undefined;
  return (
    <PageContainer pageId="offer" width="narrow" titleInput={{ positionName: subject }}>
      <OfferDetail key={offerId} offerId={offerId} />
    </PageContainer>
  );
}
