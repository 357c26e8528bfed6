import {
  documentStatusText,
  effectiveOfferStatus,
  type Offer,
  type OfferActionResponse,
  type OfferDocument,
  type OfferStatus,
  type SigningReceipt,
} from '@careers/contracts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/http';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { StateView } from '../../../ui/state-view';
import { useOffer } from '../api/get-offer';
import { useLetterDownload } from '../hooks/use-letter-download';
import { useRecordView } from '../hooks/use-record-view';
import { useOffersContext } from '../offers-context';
import { useOffersTranslation } from '../offers-i18n';
import { chooseLetterForm, offerLetterDocument, type LetterForm } from '../offer-view-model';
import { BackLink } from './back-link';
import { DeclineOfferModal } from './decline-offer-modal';
import { EmbeddedLetter } from './embedded-letter';
import { EsignLetter } from './esign-letter';
import { LetterViewer } from './lazy-pdf-viewer';
import { OfferStatusLabel } from './offer-status';
import { useOfferStatusMessage } from './offer-status-message';
import { SignedDocument } from './signed-document';
import { SteppedLetter } from './stepped-letter';
import './offer-letter.css';

export interface OfferLetterProps {
  offerId: string;
  /** null: the offer's own letter (/careers/offer-letter/{id}). */
  documentId: string | null;
  method?: 'upload';
}

/**
 * spec §2 "Offer letter page": one document of an offer, in the form its state calls for (see
 * chooseLetterForm): e-signature frame (c), inline letter with agree-and-sign (a), the three upload steps (b),
 * the signed copy with its certificate, or the letter for the record; the decline confirmation (d) on top.
 */
export function OfferLetter({ offerId, documentId, method }: OfferLetterProps) {
  const { t } = useOffersTranslation();
  const { navigate } = useOffersContext();
  const query = useOffer(offerId);
  const offer = query.data ?? null;
  const document = offer ? (documentId === null ? offerLetterDocument(offer) : findDocument(offer, documentId)) : null;
  const isUnknownOffer = query.error instanceof ApiError && query.error.status === 404;
  const isUnknownDocument = offer !== null && document === null;

  useEffect(() => {
    // Unknown ids go back (spec §2 offer detail): a foreign offer to the list, a foreign document to its offer.
    if (isUnknownOffer) navigate({ name: 'list' }, { replace: true });
    else if (isUnknownDocument) navigate({ name: 'detail', offerId }, { replace: true });
  }, [isUnknownOffer, isUnknownDocument, navigate, offerId]);

  if (query.isError && !isUnknownOffer) {
    return (
      <div className="offer-letter">
        <BackLink to={{ name: 'detail', offerId }}>{t('letter.back')}</BackLink>
        <StateView status="error" onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!offer || !document) return <OfferLetterSkeleton />;
  return (
    <OfferLetterContent
      key={document.id}
      offer={offer}
      document={document}
      preferUpload={method === 'upload'}
      scope={documentId === null ? 'offer' : 'document'}
    />
  );
}

function findDocument(offer: Offer, documentId: string): OfferDocument | null {
  return offer.offer_documents.find((doc) => doc.id === documentId) ?? null;
}

interface OfferLetterContentProps {
  offer: Offer;
  document: OfferDocument;
  preferUpload: boolean;
  scope: 'offer' | 'document';
}

function OfferLetterContent({ offer, document, preferUpload, scope }: OfferLetterContentProps) {
  const { t } = useOffersTranslation();
  const [now] = useState(() => Date.now());
  const [isDeclineOpen, setDeclineOpen] = useState(false);
  const [receipt, setReceipt] = useState<SigningReceipt | null>(null);
  const status = effectiveOfferStatus(offer, now);
  const form = chooseLetterForm(offer, document, preferUpload, now);
  const line = documentStatusText(document, now);
  const onSigned = (response: OfferActionResponse) => setReceipt(response.receipt);
  const openDecline = () => setDeclineOpen(true);

  useRecordView(offer.id, document.id, true);

  return (
    <div className={`offer-letter offer-letter--${form}`}>
      <BackLink to={{ name: 'detail', offerId: offer.id }}>{t('letter.back')}</BackLink>
      <header className="offer-letter__header">
        <p className="offer-letter__eyebrow">{translateWithBdi(t, 'letter.positionLine', { position: offer.position.name })}</p>
        <h1 className="offer-letter__title" dir="auto">
          {document.name}
        </h1>
        <div className="offer-letter__meta">
          <OfferStatusLabel status={status} />
          {line.kind === 'expires' ? (
            <span className={`offer-letter__deadline${line.isPast ? ' offer-letter__deadline--past' : ''}`}>
              {t('detail.documentExpires', { date: line.date })}
            </span>
          ) : null}
        </div>
      </header>
      <LetterBody
        form={form}
        status={status}
        offer={offer}
        document={document}
        scope={scope}
        receipt={receipt}
        onSigned={onSigned}
        onDecline={openDecline}
      />
      <DeclineOfferModal offer={offer} isOpen={isDeclineOpen} onClose={() => setDeclineOpen(false)} />
    </div>
  );
}

interface LetterBodyProps {
  form: LetterForm;
  status: OfferStatus;
  offer: Offer;
  document: OfferDocument;
  scope: 'offer' | 'document';
  receipt: SigningReceipt | null;
  onSigned: (response: OfferActionResponse) => void;
  onDecline: () => void;
}

function LetterBody({ form, status, offer, document, scope, receipt, onSigned, onDecline }: LetterBodyProps) {
  const { t } = useOffersTranslation();
  const statusMessage = useOfferStatusMessage(status);
  const download = useLetterDownload(offer.id, document.b64_string);
  const downloadButton = (
    <Button variant="secondary" onClick={download}>
      {t('letter.download')}
    </Button>
  );
  switch (form) {
    case 'esign':
      return <EsignLetter offer={offer} document={document} onDecline={onDecline} />;
    case 'inline':
      return <EmbeddedLetter offer={offer} document={document} onSigned={onSigned} onDecline={onDecline} />;
    case 'upload':
      return <SteppedLetter offer={offer} document={document} scope={scope} onSigned={onSigned} onDecline={onDecline} />;
    case 'signed':
      return (
        <div className="offer-letter__stack">
          <SignedDocument offerId={offer.id} document={document} receipt={receipt} isOfferAccepted={status === 'Accepted'} />
          <LetterViewer
            base64={document.b64_string}
            storedPath={document.s3_path}
            title={document.name}
            fallbackAction={downloadButton}
          />
        </div>
      );
    case 'pending':
      return <p className="offer-letter__note">{t('letter.pending')}</p>;
    case 'closed':
      return (
        <div className="offer-letter__stack">
          <p className="offer-letter__note">
            {statusMessage} {t('letter.readOnly')}
          </p>
          <LetterViewer
            base64={document.b64_string}
            storedPath={document.s3_path}
            title={document.name}
            fallbackAction={downloadButton}
          />
        </div>
      );
  }
}

function OfferLetterSkeleton() {
  const { t } = useOffersTranslation();
  return (
    <div className="offer-letter" role="status" aria-live="polite">
      <span className="visually-hidden">{t('letter.loading')}</span>
      <div className="offer-letter__skeleton" aria-hidden="true">
        <Skeleton height={20} width={140} />
        <Skeleton height={16} width="40%" />
        <Skeleton height={36} width="60%" />
        <Skeleton height={480} />
      </div>
    </div>
  );
}
