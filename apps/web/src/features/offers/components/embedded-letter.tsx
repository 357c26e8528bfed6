import type { Offer, OfferActionResponse, OfferDocument } from '@careers/contracts';
import { Button } from '../../../ui/button';
import { useLetterDownload } from '../hooks/use-letter-download';
import { useOffersTranslation } from '../offers-i18n';
import { InlineSignForm } from './inline-sign-form';
import { LetterViewer } from './lazy-pdf-viewer';
import { OfferLink } from './offer-link';
import './embedded-letter.css';

export interface EmbeddedLetterProps {
  offer: Offer;
  document: OfferDocument;
  onSigned: (response: OfferActionResponse) => void;
  onDecline: () => void;
}

/**
 * spec §2 (a): the letter inline with the agree-and-sign form beside it (below it on a phone). Candidates who
 * prefer paper — or whose profile has no name to sign with (§5) — switch to the upload steps.
 */
export function EmbeddedLetter({ offer, document, onSigned, onDecline }: EmbeddedLetterProps) {
  const { t } = useOffersTranslation();
  const download = useLetterDownload(offer.id, document.b64_string);
  const downloadButton = (
    <Button variant="secondary" onClick={download}>
      {t('letter.download')}
    </Button>
  );
  return (
    <div className="embedded-letter">
      <div className="embedded-letter__document">
        <LetterViewer
          base64={document.b64_string}
          storedPath={document.s3_path}
          title={document.name}
          fallbackAction={downloadButton}
        />
      </div>
      <aside className="embedded-letter__aside">
        <div className="embedded-letter__card">
          <InlineSignForm offer={offer} document={document} onSigned={onSigned} />
        </div>
        <div className="embedded-letter__alternatives">
          <OfferLink
            to={{ name: 'letter', offerId: offer.id, documentId: document.id, method: 'upload' }}
            className="embedded-letter__link"
          >
            {t('letter.uploadInstead')}
          </OfferLink>
          <Button variant="tertiary" size="sm" onClick={download}>
            {t('letter.download')}
          </Button>
          <Button variant="tertiary" size="sm" className="embedded-letter__decline" onClick={onDecline}>
            {t('letter.decline')}
          </Button>
        </div>
      </aside>
    </div>
  );
}
