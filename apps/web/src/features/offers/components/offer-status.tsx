import type { OfferStatus } from '@careers/contracts';
import { useOffersTranslation } from '../offers-i18n';
import { offerTone, type OfferTone } from '../offer-view-model';
import './offer-status.css';

/** Status icon and label (spec §2 offers list "status icon and label"; the label from the status map). */
export function OfferStatusLabel({ status }: { status: OfferStatus }) {
  const { t } = useOffersTranslation();
  const tone = offerTone(status);
  return (
    <span className={`offer-status offer-status--${tone}`}>
      <StatusIcon tone={tone} />
      <span>{t(`status.${status}`)}</span>
    </span>
  );
}

const ICON_PATHS: Record<OfferTone, string> = {
  // An envelope: the offer is out, waiting for the candidate.
  extended: 'M4 7l8 5.5L20 7M4.5 6h15a.5.5 0 01.5.5v11a.5.5 0 01-.5.5h-15a.5.5 0 01-.5-.5v-11a.5.5 0 01.5-.5z',
  accepted: 'M8 12.5l2.75 2.75L16.5 9.5',
  declined: 'M9 9l6 6m0-6l-6 6',
  closed: 'M12 7.5V12l3 2',
};

function StatusIcon({ tone }: { tone: OfferTone }) {
  const hasCircle = tone !== 'extended';
  return (
    <svg className="offer-status__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      {hasCircle ? <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.75" /> : null}
      <path d={ICON_PATHS[tone]} fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
