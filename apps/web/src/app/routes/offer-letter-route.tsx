import { Navigate, useParams, useSearchParams } from 'react-router';
import { useOffer } from '../../features/offers/api/get-offer';
import { OfferLetter } from '../../features/offers/components/offer-letter';
import { offerLetterDocument } from '../../features/offers/offer-view-model';
import { useOffersContext } from '../../features/offers/offers-context';
import { useOffersTranslation } from '../../features/offers/offers-i18n';
import { offersPath } from '../../lib/paths';
import { PageContainer } from '../shell/page-container';
import { RoutedOffersHost } from './offers-host';
import { isolate } from '../../ui/bdi';

/**
 * /careers/offer/{id}/offer-document/{documentId} and /careers/offer-letter/{id} (protected, page id
 * offerLetter): the letter page of spec §2. `?method=upload` asks for the upload steps.
 */
export function OfferLetterRoute() {
  const { id, documentId } = useParams();
  const [searchParams] = useSearchParams();
  if (!id) return <Navigate to={offersPath()} replace />;
  const method = searchParams.get('method') === 'upload' ? 'upload' : undefined;
  return (
    <RoutedOffersHost>
      <OfferLetterPage offerId={id} documentId={documentId ?? null} method={method} />
    </RoutedOffersHost>
  );
}

interface OfferLetterPageProps {
  offerId: string;
  documentId: string | null;
  method: 'upload' | undefined;
}

/**
 * spec §9 "Page title: … position name plus company name": the document and the position it is for, e.g.
 * "Offer letter for Welder - Acme" (or the tenant's template). It reads the same cached offer as the page
 * below (no request of its own); until the offer is known the title stays the tenant's default.
 */
function OfferLetterPage({ offerId, documentId, method }: OfferLetterPageProps) {
  const { t } = useOffersTranslation();
  // The context changes when the offers catalogue arrives, so the title is translated once it can be.
  useOffersContext();
  const offer = useOffer(offerId).data;
  const document = offer ? (documentId === null ? offerLetterDocument(offer) : offer.offer_documents.find((doc) => doc.id === documentId)) : undefined;
  const subject = !offer
    ? undefined
    : document
      ? t('letter.pageTitle', { document: isolate(document.name), position: isolate(offer.position.name) })
      : t('detail.title', { position: isolate(offer.position.name) });
  return (
    <PageContainer pageId="offerLetter" titleInput={{ positionName: subject }}>
      <OfferLetter key={`${offerId}/${documentId ?? ''}/${method ?? ''}`} offerId={offerId} documentId={documentId} method={method} />
    </PageContainer>
  );
}
