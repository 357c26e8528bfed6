import { isActionRequired } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offersQueryOptions } from '../../features/offers/api/list-offers';
import './offers-action-count.css';

/**
 * How many offers await the candidate, beside the user menu's Offers link. Loaded with the open menu (not
 * with the first page) and read from the offers list the offers screens share; nothing shows on failure.
 */
export function OffersActionCount() {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const { data } = useQuery(offersQueryOptions());
  const count = data?.offers.filter((offer) => isActionRequired(offer, now)).length ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className="offers-action-count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{t('shell.userMenu.offersActionRequired', { count })}</span>
    </>
  );
}
