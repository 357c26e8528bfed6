import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { OffersList } from '../../features/offers/components/offers-list';
import { offersPath } from '../../lib/paths';
import { PageContainer } from '../shell/page-container';
import { RoutedOffersHost } from './offers-host';

/** /careers/offers (protected, page id offers): the candidate's offers (spec §2). */
export function OffersRoute() {
  const { t } = useTranslation();
  return (
    <RoutedOffersHost>
      <PageContainer pageId="offers" title={t('shell.userMenu.offers')} isTitleHidden width="narrow">
        <OffersList />
      </PageContainer>
    </RoutedOffersHost>
  );
}

/** /careers/offer without an id (page id offer) is the offers list. */
export function OfferIndexRoute() {
  return <Navigate to={offersPath()} replace />;
}
