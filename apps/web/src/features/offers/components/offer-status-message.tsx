import type { OfferStatus } from '@careers/contracts';
import { useOffersTranslation } from '../offers-i18n';

/** What an offer's state means for the candidate: congratulations while open or accepted, plain words after. */
export function useOfferStatusMessage(status: OfferStatus): string {
  const { t } = useOffersTranslation();
  switch (status) {
    case 'Extended':
      return t('detail.congratulations');
    case 'Accepted':
      return t('detail.accepted');
    case 'Declined':
      return t('detail.declined');
    case 'Canceled':
      return t('detail.canceled');
    case 'Expired':
      return t('detail.expired');
  }
}
