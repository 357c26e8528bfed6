import { useState } from 'react';
import { StateView } from '../../../ui/state-view';
import { useOffers } from '../api/list-offers';
import { useOffersTranslation } from '../offers-i18n';
import { OfferCard, OfferCardSkeleton } from './offer-card';
import './offers-list.css';

/**
 * spec §2 "Offers list": heading Offers, one card per offer, empty state "No offers found". `hasHeading: false`
 * leaves the heading to the page that hosts the list (the dashboard's Offers tab).
 */
export function OffersList({ hasHeading = true }: { hasHeading?: boolean } = {}) {
  const { t } = useOffersTranslation();
  const offers = useOffers();
  // One clock per visit, so every card judges expiry against the same instant.
  const [now] = useState(() => Date.now());

  return (
    <section className="offers-list" aria-labelledby={hasHeading ? 'offers-list-title' : undefined} aria-label={hasHeading ? undefined : t('list.title')} aria-busy={offers.isPending || undefined}>
      {hasHeading ? (
        <header className="offers-list__header">
          <h1 id="offers-list-title" className="offers-list__title">
            {t('list.title')}
          </h1>
          <p className="offers-list__intro">{t('list.intro')}</p>
        </header>
      ) : null}
      {offers.isPending ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('list.loading')}</span>
          <ul className="offers-list__items" aria-hidden="true">
            {[0, 1, 2].map((index) => (
              <li key={index}>
                <OfferCardSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ) : offers.isError ? (
        <StateView status="error" onRetry={() => void offers.refetch()} />
      ) : offers.data.offers.length === 0 ? (
        <div className="offers-list__empty">
          <p className="offers-list__empty-title">{t('list.empty')}</p>
          <p className="offers-list__empty-hint">{t('list.emptyHint')}</p>
        </div>
      ) : (
        <ul className="offers-list__items">
          {offers.data.offers.map((offer) => (
            <li key={offer.id}>
              <OfferCard offer={offer} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
