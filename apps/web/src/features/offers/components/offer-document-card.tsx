import { documentStatusText, isDocumentSigned, type Offer, type OfferDocument } from '@careers/contracts';
import { useId } from 'react';
import { isolate } from '../../../ui/bdi';
import { Button, buttonClassName } from '../../../ui/button';
import { useOffersTranslation } from '../offers-i18n';
import { documentAction } from '../offer-view-model';
import { OfferLink } from './offer-link';
import './offer-document-card.css';

/**
 * One document of an offer (spec §2 offer detail, §4 document text): its name, the expiry or update line,
 * and Start (Pending or Unsigned) or View (signed) — disabled while the document is Pending; View on an
 * offer that can no longer be acted on (`documentAction`, issue 8 §6).
 */
export function OfferDocumentCard({
  offer,
  document,
  now,
}: {
  offer: Pick<Offer, 'id' | 'status' | 'expires_at'>;
  document: OfferDocument;
  now: number;
}) {
  const { t } = useOffersTranslation();
  const titleId = useId();
  const lineId = useId();
  const button = documentAction(offer, document, now);
  const offerId = offer.id;
  const line = documentStatusText(document, now);
  const isSigned = isDocumentSigned(document);
  const label = button.label === 'Start' ? t('detail.start') : t('detail.view');
  const accessibleLabel =
    button.label === 'Start'
      ? t('detail.startDocument', { document: isolate(document.name) })
      : t('detail.viewDocument', { document: isolate(document.name) });

  let lineText: string | null;
  switch (line.kind) {
    case 'expires':
      lineText = t('detail.documentExpires', { date: line.date });
      break;
    case 'yet_to_be_signed':
      lineText = t('detail.yetToBeSigned');
      break;
    case 'being_processed':
      lineText = t('detail.beingProcessed');
      break;
    case 'last_updated':
      lineText = t('detail.lastUpdated', { date: line.date });
      break;
    case 'none':
      lineText = null;
      break;
  }
  const isPastDeadline = line.kind === 'expires' && line.isPast;

  return (
    <article className={`offer-document${isSigned ? ' offer-document--signed' : ''}`} aria-labelledby={titleId}>
      <DocumentIcon isSigned={isSigned} />
      <div className="offer-document__main">
        <h3 id={titleId} className="offer-document__name" dir="auto">
          {document.name}
        </h3>
        {lineText !== null ? (
          <p id={lineId} className={`offer-document__line${isPastDeadline ? ' offer-document__line--past' : ''}`}>
            {isSigned ? <span className="offer-document__signed">{t('detail.signed')} · </span> : null}
            {lineText}
          </p>
        ) : null}
      </div>
      {button.disabled ? (
        <Button variant="secondary" disabled aria-label={accessibleLabel} aria-describedby={lineText !== null ? lineId : undefined}>
          {label}
        </Button>
      ) : (
        <OfferLink
          to={{ name: 'letter', offerId, documentId: document.id }}
          className={buttonClassName(button.variant, 'md', 'offer-document__button')}
          aria-label={accessibleLabel}
        >
          {label}
        </OfferLink>
      )}
    </article>
  );
}

function DocumentIcon({ isSigned }: { isSigned: boolean }) {
  return (
    <span className="offer-document__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24">
        <path d="M7 3h7l5 5v12a1 1 0 01-1 1H7a1 1 0 01-1-1V4a1 1 0 011-1z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        <path d="M14 3v5h5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
        {isSigned ? (
          <path d="M9.5 14.5l2 2 3.5-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M9.5 13h6M9.5 16.5h4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        )}
      </svg>
    </span>
  );
}
