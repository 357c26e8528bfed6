import { effectiveOfferStatus, isActionRequired, offerDateLine, type Offer } from '@careers/contracts';
import { useId } from 'react';
import { Badge } from '../../../ui/badge';
import { isolate } from '../../../ui/bdi';
import { buttonClassName } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { useOffersTranslation } from '../offers-i18n';
import { offerTone } from '../offer-view-model';
import { OfferLink } from './offer-link';
import { OfferStatusLabel } from './offer-status';
import './offer-card.css';

/** Days left at which the countdown is shown as urgent. */
const URGENT_DAYS = 3;

/**
 * One offer (spec §2 offers list, §4 Offers): position name, status icon and label (Expired once past its
 * expiry, whatever is stored), a date line, and "View job offer" — primary with an "Action required" tag
 * while the offer awaits the candidate, secondary otherwise.
 */
export function OfferCard({ offer, now }: { offer: Offer; now: number }) {
  const { t } = useOffersTranslation();
  const titleId = useId();
  const status = effectiveOfferStatus(offer, now);
  const actionRequired = isActionRequired(offer, now);
  const dateLine = offerDateLine(offer, now);
  const isUrgent = dateLine.kind === 'expires_in' && dateLine.days <= URGENT_DAYS;

  return (
    <article className={`offer-card offer-card--${offerTone(status)}`} aria-labelledby={titleId}>
      <div className="offer-card__main">
        <h2 id={titleId} className="offer-card__title" dir="auto">
          {offer.position.name}
        </h2>
        <div className="offer-card__meta">
          <OfferStatusLabel status={status} />
          <span className={isUrgent ? 'offer-card__date offer-card__date--urgent' : 'offer-card__date'}>
            {dateLine.kind === 'expires_in'
              ? t('list.expiresIn', { count: dateLine.days })
              : t('list.lastUpdated', { date: dateLine.date })}
          </span>
        </div>
      </div>
      <div className="offer-card__actions">
        {actionRequired ? <Badge tone="warning">{t('list.actionRequired')}</Badge> : null}
        <OfferLink
          to={{ name: 'detail', offerId: offer.id }}
          className={buttonClassName(actionRequired ? 'primary' : 'secondary', 'md', 'offer-card__button')}
          aria-label={t('list.viewOfferFor', { position: isolate(offer.position.name) })}
        >
          {t('list.viewOffer')}
        </OfferLink>
      </div>
    </article>
  );
}

export function OfferCardSkeleton() {
  return (
    <div className="offer-card offer-card--skeleton">
      <div className="offer-card__main">
        <Skeleton height={22} width="55%" />
        <Skeleton height={16} width="35%" />
      </div>
      <div className="offer-card__actions">
        <Skeleton height={44} width={150} />
      </div>
    </div>
  );
}
