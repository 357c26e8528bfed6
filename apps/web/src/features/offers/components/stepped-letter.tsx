import type { Offer, OfferActionResponse, OfferDocument } from '@careers/contracts';
import { useId, useState, type FormEvent } from 'react';
import { settleMutation } from '../../../lib/settle-mutation';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { useAcceptDocument } from '../api/accept-document';
import { useAcceptOffer } from '../api/accept-offer';
import { offerFailureMessage } from '../api/offer-errors';
import { useLetterDownload } from '../hooks/use-letter-download';
import { useOffersContext } from '../offers-context';
import { useOffersTranslation } from '../offers-i18n';
import { LetterViewer } from './lazy-pdf-viewer';
import { OfferLink } from './offer-link';
import { SignedUploadField } from './signed-upload-field';
import './stepped-letter.css';

export interface SteppedLetterProps {
  offer: Offer;
  document: OfferDocument;
  /**
   * `offer`: the offer's own letter page, accepted with `signed_offer_letter_pdf_file` on the offer (spec §7);
   * `document`: one document of the offer, accepted with `signed_document_file` on that document.
   */
  scope: 'offer' | 'document';
  onSigned: (response: OfferActionResponse) => void;
  onDecline: () => void;
}

/**
 * spec §2 (b): three steps — 1 Review job offer (View, Download), 2 Print & sign or sign digitally,
 * 3 Upload signed document (one PDF) with Decline and Submit signed offer.
 */
export function SteppedLetter({ offer, document, scope, onSigned, onDecline }: SteppedLetterProps) {
  const { t } = useOffersTranslation();
  const { onAccepted } = useOffersContext();
  const toast = useToast();
  const acceptOffer = useAcceptOffer();
  const acceptDocument = useAcceptDocument();
  const download = useLetterDownload(offer.id, document.b64_string);
  const [isViewerOpen, setViewerOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [missingSignal, setMissingSignal] = useState(0);
  const viewerId = useId();
  const isPending = acceptOffer.isPending || acceptDocument.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isPending) return;
    // spec §5 "Upload" ignores a submit without a file silently; issue 8 §6 overrides it: the candidate
    // is told what is missing, at the field.
    if (!file) {
      setMissingSignal((signal) => signal + 1);
      return;
    }
    setFailure(null);
    const handlers = {
      onSuccess: (response: OfferActionResponse) => {
        onAccepted?.(response.offer);
        onSigned(response);
        // At the bottom: the signed panel is shown at the top and the toast must not cover it (issue 8 §6).
        toast.show({ message: t('toasts.acceptSuccess'), style: 'success', position: 'bottom-center' });
      },
      onError: (error: unknown) => setFailure(offerFailureMessage(t, error, 'acceptFailed')),
    };
    // The refreshed offer can replace these steps before the acceptance settles.
    if (scope === 'offer') settleMutation(acceptOffer, { offerId: offer.id, file }, handlers);
    else settleMutation(acceptDocument, { offerId: offer.id, documentId: document.id, method: 'upload', file }, handlers);
  };

  return (
    <ol className="offer-steps" aria-label={t('letter.steps.label')}>
      <li className="offer-step">
        <StepNumber value={1} />
        <div className="offer-step__body">
          <h2 className="offer-step__title">{t('letter.steps.review.title')}</h2>
          <p className="offer-step__text">{t('letter.steps.review.text')}</p>
          <div className="offer-step__actions">
            <Button
              variant="secondary"
              onClick={() => setViewerOpen((open) => !open)}
              aria-expanded={isViewerOpen}
              aria-controls={viewerId}
            >
              {isViewerOpen ? t('letter.steps.review.hide') : t('letter.steps.review.view')}
            </Button>
            <Button variant="tertiary" onClick={download}>
              {t('letter.steps.review.download')}
            </Button>
          </div>
          <div id={viewerId} className="offer-step__viewer" hidden={!isViewerOpen}>
            {isViewerOpen ? (
              <LetterViewer
                base64={document.b64_string}
                storedPath={document.s3_path}
                title={document.name}
                fallbackAction={
                  <Button variant="secondary" onClick={download}>
                    {t('letter.steps.review.download')}
                  </Button>
                }
              />
            ) : null}
          </div>
        </div>
      </li>
      <li className="offer-step">
        <StepNumber value={2} />
        <div className="offer-step__body">
          <h2 className="offer-step__title">{t('letter.steps.sign.title')}</h2>
          <p className="offer-step__text">{t('letter.steps.sign.text')}</p>
          {/* Back to the company's own way of signing, for a candidate who chose paper; a document the
              company wants signed on paper offers no other way. */}
          {document.signing_mode !== 'upload' ? (
            <OfferLink to={{ name: 'letter', offerId: offer.id, documentId: document.id }} className="offer-step__link">
              {t('letter.signInlineInstead')}
            </OfferLink>
          ) : null}
        </div>
      </li>
      <li className="offer-step">
        <StepNumber value={3} />
        <form className="offer-step__body" onSubmit={onSubmit} noValidate aria-labelledby="offer-step-upload-title">
          <h2 id="offer-step-upload-title" className="offer-step__title">
            {t('letter.steps.upload.title')}
          </h2>
          <SignedUploadField file={file} onChange={setFile} disabled={isPending} missingSignal={missingSignal} />
          {failure ? (
            <p className="offer-step__failure" role="alert">
              {failure}
            </p>
          ) : null}
          <div className="offer-step__actions offer-step__actions--end">
            <Button variant="secondary" className="offer-step__decline" onClick={onDecline} disabled={isPending}>
              {t('letter.steps.decline')}
            </Button>
            <Button type="submit" isLoading={isPending}>
              {t('letter.steps.submit')}
            </Button>
          </div>
        </form>
      </li>
    </ol>
  );
}

function StepNumber({ value }: { value: number }) {
  return (
    <span className="offer-step__number" aria-hidden="true">
      {value}
    </span>
  );
}
