import { daysUntilExpiry, effectiveOfferStatus, type Offer } from '@careers/contracts';
import { useEffect, useState } from 'react';
import { translateWithBdi } from '../../../ui/bdi';
import { StateView } from '../../../ui/state-view';
import { Skeleton } from '../../../ui/skeleton';
import { useOffers } from '../api/list-offers';
import { useConfettiOnce } from '../hooks/use-confetti-once';
import { useRecordView } from '../hooks/use-record-view';
import { useOffersContext } from '../offers-context';
import { useOffersTranslation } from '../offers-i18n';
import { BackLink } from './back-link';
import { OfferDocumentCard } from './offer-document-card';
import { OfferStatusLabel } from './offer-status';
import { useOfferStatusMessage } from './offer-status-message';
import './offer-detail.css';

/**
 * spec §2 "Offer detail": "Job offer for" the position, a congratulations text, a back button Offers and one
 * card per document. It reads the offers list (no PDF bytes needed here); an id that is not the candidate's
 * goes back to the list.
 */
export function OfferDetail({ offerId }: { offerId: string }) {
  const { t } = useOffersTranslation();
  const { navigate } = useOffersContext();
  const offers = useOffers({ isFreshOnOpen: true });
  const offer = offers.data?.offers.find((candidate) => candidate.id === offerId) ?? null;
  const isMissing = useMissingOffer(offers, offer === null);

  useEffect(() => {
    // spec §2: "Unknown or missing offer ids redirect to the offers list."
    if (isMissing) navigate({ name: 'list' }, { replace: true });
  }, [isMissing, navigate]);

  if (offers.isError) {
    return (
      <div className="offer-detail">
        <BackLink to={{ name: 'list' }}>{t('detail.back')}</BackLink>
        <StateView status="error" onRetry={() => void offers.refetch()} />
      </div>
    );
  }
  if (offer === null) return <OfferDetailSkeleton />;
  return <OfferDetailContent offer={offer} />;
}

/**
 * True once the offer is known to be absent: only a list fetched since the page opened counts, since the
 * cached one (kept a day) may predate an offer just extended, e.g. one opened from a notification.
 */
function useMissingOffer(offers: ReturnType<typeof useOffers>, isAbsent: boolean): boolean {
  const [openedAt] = useState(() => Date.now());
  const isFresh = offers.dataUpdatedAt >= openedAt;
  return offers.isSuccess && isAbsent && !offers.isFetching && isFresh;
}

function OfferDetailContent({ offer }: { offer: Offer }) {
  const { t } = useOffersTranslation();
  const [now] = useState(() => Date.now());
  const status = effectiveOfferStatus(offer, now);
  // spec §9 "Expires in 1 day / Expires in {days} days", while the candidate can still act.
  const days = status === 'Extended' ? daysUntilExpiry(offer.expires_at, now) : null;

  const message = useOfferStatusMessage(status);

  useRecordView(offer.id, null, true);
  useConfettiOnce(offer.id, status === 'Extended' || status === 'Accepted');

  return (
    <div className="offer-detail">
      <BackLink to={{ name: 'list' }}>{t('detail.back')}</BackLink>
      <header className="offer-detail__header">
        <h1 className="offer-detail__title">{translateWithBdi(t, 'detail.title', { position: offer.position.name })}</h1>
        <div className="offer-detail__meta">
          <OfferStatusLabel status={status} />
          {days !== null ? <span className="offer-detail__expiry">{t('list.expiresIn', { count: days })}</span> : null}
        </div>
        <p className={`offer-detail__message offer-detail__message--${status.toLowerCase()}`}>{message}</p>
      </header>
      <section className="offer-detail__documents" aria-labelledby="offer-documents-title">
        <h2 id="offer-documents-title" className="offer-detail__section-title">
          {t('detail.documents')}
        </h2>
        {offer.offer_documents.length === 0 ? (
          <p className="offer-detail__empty">{t('detail.noDocuments')}</p>
        ) : (
          <ul className="offer-detail__document-list">
            {offer.offer_documents.map((document) => (
              <li key={document.id}>
                <OfferDocumentCard offer={offer} document={document} now={now} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function OfferDetailSkeleton() {
  const { t } = useOffersTranslation();
  return (
    <div className="offer-detail" role="status" aria-live="polite">
      <span className="visually-hidden">{t('detail.loading')}</span>
      <div aria-hidden="true" className="offer-detail__skeleton">
        <Skeleton height={20} width={90} />
        <Skeleton height={36} width="70%" />
        <Skeleton lines={2} />
        <Skeleton height={88} />
        <Skeleton height={88} />
      </div>
    </div>
  );
}
