import type { Offer } from '@careers/contracts';
import { useCallback, useState } from 'react';
import { OfferDetail } from './components/offer-detail';
import { OfferLetter } from './components/offer-letter';
import { OffersList } from './components/offers-list';
import { OffersProvider, type OffersView } from './offers-context';

export interface OffersEmbedProps {
  /** The candidate's full name from the host's profile (spec §5 inline sign form); null when unknown. */
  profileName: string | null;
  /** Where to start; the list by default. */
  initialView?: OffersView;
  /** Told about every move, so the host can keep its own breadcrumb or analytics. */
  onNavigate?: (view: OffersView) => void;
  onAccepted?: (offer: Offer) => void;
  onDeclined?: (offer: Offer) => void;
}

/**
 * spec §2 "Offers can also run in a second mode (a career hub embed) with no routing; callbacks are used
 * instead." The same screens as the careers site, moving between list, offer and letter with internal state.
 * The host provides React Query, i18n and toasts, as the careers site does.
 */
export function OffersEmbed({ profileName, initialView = { name: 'list' }, onNavigate, onAccepted, onDeclined }: OffersEmbedProps) {
  const [view, setView] = useState<OffersView>(initialView);
  const navigate = useCallback(
    (next: OffersView) => {
      setView(next);
      onNavigate?.(next);
    },
    [onNavigate],
  );
  const hrefFor = useCallback(() => null, []);
  return (
    <OffersProvider
      navigate={navigate}
      hrefFor={hrefFor}
      profileName={profileName}
      onAccepted={onAccepted}
      onDeclined={onDeclined}
    >
      <div className="offers-embed">
        <CurrentScreen view={view} />
      </div>
    </OffersProvider>
  );
}

function CurrentScreen({ view }: { view: OffersView }) {
  switch (view.name) {
    case 'list':
      return <OffersList />;
    case 'detail':
      return <OfferDetail key={view.offerId} offerId={view.offerId} />;
    case 'letter':
      return (
        <OfferLetter
          key={`${view.offerId}/${view.documentId ?? ''}/${view.method ?? ''}`}
          offerId={view.offerId}
          documentId={view.documentId}
          method={view.method}
        />
      );
  }
}
