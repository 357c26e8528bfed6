import {
  documentButton,
  effectiveOfferStatus,
  isDocumentSigned,
  type Offer,
  type OfferDocument,
  type OfferStatus,
} from '@careers/contracts';

/** DESIGN.md "Visual language": Extended blue, Accepted green, Declined red, Expired and Canceled grey. */
export type OfferTone = 'extended' | 'accepted' | 'declined' | 'closed';

export function offerTone(status: OfferStatus): OfferTone {
  switch (status) {
    case 'Extended':
      return 'extended';
    case 'Accepted':
      return 'accepted';
    case 'Declined':
      return 'declined';
    case 'Expired':
    case 'Canceled':
      return 'closed';
  }
}

/**
 * What the offer letter page shows for one document (spec §2 "Offer letter page"):
 * - `esign` (c): the offer is Extended and the document has a url and is not signed;
 * - `inline` (a): the letter inline with the agree-and-sign form (`signing_mode` inline, the default);
 * - `upload` (b): the three steps (review, print & sign, upload) — `signing_mode` upload, or any document
 *   whose candidate chose to sign on paper (`preferUpload`; the server takes an upload for every mode);
 * - `signed`: the signed copy and its signing certificate;
 * - `pending`: the company is still preparing the document (its Start button is disabled, spec §2);
 * - `closed`: the offer is Accepted, Declined, Canceled or Expired; the letter is shown for the record.
 */
export type LetterForm = 'esign' | 'inline' | 'upload' | 'signed' | 'pending' | 'closed';

export function chooseLetterForm(
  offer: Pick<Offer, 'status' | 'expires_at'>,
  document: Pick<OfferDocument, 'status' | 'signed' | 'url' | 'signing_mode'>,
  preferUpload: boolean,
  now: Date | number,
): LetterForm {
  if (isDocumentSigned(document)) return 'signed';
  if (effectiveOfferStatus(offer, now) !== 'Extended') return 'closed';
  if (document.status === 'Pending') return 'pending';
  if (preferUpload || document.signing_mode === 'upload') return 'upload';
  if (document.url) return 'esign';
  return 'inline';
}

/**
 * The document of the offer's own letter page (/careers/offer-letter/{id}, no document id): the one still
 * awaiting a signature — the same one the server's offer-level accept signs — else the first document.
 */
export function offerLetterDocument(offer: Pick<Offer, 'offer_documents'>): OfferDocument | null {
  const outstanding = offer.offer_documents.filter((doc) => !isDocumentSigned(doc) && doc.status === 'Unsigned');
  return outstanding[0] ?? offer.offer_documents[0] ?? null;
}

export interface DocumentAction {
  label: 'Start' | 'View';
  /** primary only while the candidate can act on the document */
  variant: 'primary' | 'secondary';
  disabled: boolean;
}

/**
 * The button of one document on the offer detail page. spec §2's Start/View rule is about the document;
 * issue 8 §6: an offer that can no longer be acted on (Expired, Declined, Canceled — or Accepted) never
 * offers a primary "Start" beside a past expiry: its documents read View (secondary), and the letter page
 * shows them for the record (`chooseLetterForm` → 'closed').
 */
export function documentAction(
  offer: Pick<Offer, 'status' | 'expires_at'>,
  document: Pick<OfferDocument, 'status' | 'signed'>,
  now: Date | number,
): DocumentAction {
  const button = documentButton(document);
  if (effectiveOfferStatus(offer, now) !== 'Extended') {
    return { label: 'View', variant: 'secondary', disabled: button.disabled };
  }
  return { label: button.label, variant: button.label === 'Start' ? 'primary' : 'secondary', disabled: button.disabled };
}
