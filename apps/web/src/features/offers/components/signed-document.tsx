import { formatOfferDate, type OfferDocument, type SigningReceipt } from '@careers/contracts';
import { useEffect, useRef } from 'react';
import { buttonClassName } from '../../../ui/button';
import { documentDownloadHref, documentReceiptHref } from '../api/offer-api-paths';
import { useOffersTranslation } from '../offers-i18n';
import './signed-document.css';

export interface SignedDocumentProps {
  offerId: string;
  document: OfferDocument;
  /** The proof handed back by the accept just made, when the candidate signed during this visit. */
  receipt: SigningReceipt | null;
  /** The offer is Accepted: the panel says so, not just that a document was signed (issue 8 §6). */
  isOfferAccepted: boolean;
}

/**
 * After signing (issue 4): the signed document and its signing certificate, both for download, so every way
 * of accepting leaves the candidate with proof.
 */
export function SignedDocument({ offerId, document, receipt, isOfferAccepted }: SignedDocumentProps) {
  const { t } = useOffersTranslation();
  const signedAt = receipt?.signed_at ?? document.updated_at;
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isJustSigned = receipt !== null;

  // Signed during this visit: the page was scrolled to the form that is now gone. Show the outcome, clear
  // of the sticky navbar (scroll-margin in the CSS), and put focus on it (issue 8 §6).
  useEffect(() => {
    if (!isJustSigned) return;
    // Optional call: environments without layout (jsdom) have no scrollIntoView.
    sectionRef.current?.scrollIntoView?.({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, [isJustSigned]);

  return (
    <section ref={sectionRef} className="signed-document" aria-labelledby="signed-document-title">
      <div className="signed-document__badge" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.15" />
          <path d="M7.5 12.5l3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <div className="signed-document__body">
        <h2 id="signed-document-title" ref={headingRef} tabIndex={-1} className="signed-document__title">
          {isOfferAccepted ? t('letter.signed.acceptedHeading') : t('letter.signed.heading')}
        </h2>
        {signedAt ? <p className="signed-document__date">{t('letter.signed.signedOn', { date: formatOfferDate(signedAt) })}</p> : null}
        <p className="signed-document__text">{isOfferAccepted ? t('letter.signed.acceptedText') : t('letter.signed.text')}</p>
        {receipt ? (
          <dl className="signed-document__proof">
            <dt>{t('letter.signed.fingerprint')}</dt>
            <dd className="signed-document__hash">{receipt.document_sha256}</dd>
          </dl>
        ) : null}
        <div className="signed-document__actions">
          <a className={buttonClassName('primary')} href={documentDownloadHref(offerId, document.id)} download>
            {t('letter.signed.downloadSigned')}
          </a>
          <a className={buttonClassName('secondary')} href={documentReceiptHref(offerId, document.id, document.receipt_path)} download>
            {t('letter.signed.downloadCertificate')}
          </a>
        </div>
      </div>
    </section>
  );
}
