/**
 * The offers' plain rules (spec §3–§5, §7–§9): statuses and their labels, limits, the API's addresses, the
 * decline reasons, the messages and the typed-signature check. No zod here, so a screen that needs them
 * loads no schema with them (the web loads response schemas with the first answer, lib/lazy-schema.ts);
 * offers.ts holds the schemas built on these.
 */

/** spec §3 Offer.status. `Expired` is also what an Extended offer past its `expires_at` shows (§4). */
export const OFFER_STATUSES = ['Extended', 'Declined', 'Accepted', 'Canceled', 'Expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** spec §3 "the label map also has Rejected": the map covers every status plus that legacy key. */
export type OfferStatusLabelKey = OfferStatus | 'Rejected';
export const OFFER_STATUS_LABELS: Readonly<Record<OfferStatusLabelKey, string>> = {
  Extended: 'Extended',
  Declined: 'Declined',
  Accepted: 'Accepted',
  Canceled: 'Canceled',
  Expired: 'Expired',
  Rejected: 'Rejected',
};

/** spec §4 "The label comes from the status label map"; an unknown key is shown as sent. */
export function offerStatusLabel(status: string): string {
  return Object.hasOwn(OFFER_STATUS_LABELS, status) ? OFFER_STATUS_LABELS[status as OfferStatusLabelKey] : status;
}

export const OFFER_DOCUMENT_STATUSES = ['Pending', 'Signed', 'Unsigned'] as const;
export type OfferDocumentStatus = (typeof OFFER_DOCUMENT_STATUSES)[number];

export const SIGNING_METHODS = ['inline', 'esign', 'upload'] as const;
export type SigningMethod = (typeof SIGNING_METHODS)[number];

/**
 * A document's file travels inline as `b64_string` up to this size (a generated letter is ~30–120 KB); a
 * larger file (an uploaded scan) is null there and is fetched from `s3_path` instead.
 */
export const OFFER_DOCUMENT_INLINE_MAX_BYTES = 2 * 1048576;

/** A hosted signing link is good for this long, and for one sign or reject. */
export const ESIGN_TOKEN_TTL_MS = 10 * 60 * 1000;

/** Every offers API address (spec §7 "Offers" plus the downloads, the viewed record and the e-sign link). */
const OFFERS_API = '/api/offer/offers';
const segment = (value: string): string => encodeURIComponent(value);
export const offerApiPaths = {
  list: (): string => OFFERS_API,
  detail: (offerId: string): string => `${OFFERS_API}/${segment(offerId)}`,
  accept: (offerId: string): string => `${OFFERS_API}/${segment(offerId)}/accept`,
  decline: (offerId: string): string => `${OFFERS_API}/${segment(offerId)}/decline`,
  viewed: (offerId: string): string => `${OFFERS_API}/${segment(offerId)}/viewed`,
  documentAccept: (offerId: string, documentId: string): string =>
    `${OFFERS_API}/${segment(offerId)}/${segment(documentId)}/accept`,
  esignStatus: (offerId: string, documentId: string): string =>
    `${OFFERS_API}/${segment(offerId)}/${segment(documentId)}/esign_status`,
  esignToken: (offerId: string, documentId: string): string =>
    `${OFFERS_API}/${segment(offerId)}/${segment(documentId)}/esign_token`,
  download: (offerId: string, documentId: string): string =>
    `${OFFERS_API}/${segment(offerId)}/${segment(documentId)}/download`,
  receipt: (offerId: string, documentId: string): string =>
    `${OFFERS_API}/${segment(offerId)}/${segment(documentId)}/receipt`,
} as const;

/** Multipart field names of spec §7. */
export const OFFER_UPLOAD_FIELD = 'signed_offer_letter_pdf_file';
export const DOCUMENT_UPLOAD_FIELD = 'signed_document_file';

/** spec §9 "Signed offer upload: 1 file, PDF"; the size cap is ours (10 MB, 1 MB = 1048576 bytes, §5). */
export const SIGNED_UPLOAD_MAX_FILES = 1;
export const SIGNED_UPLOAD_MAX_BYTES = 10 * 1048576;

export const TYPED_SIGNATURE_MAX_LENGTH = 200;
export const DECLINE_REASON_TEXT_MAX_LENGTH = 1000;

/**
 * The signing frame's content height in CSS pixels, posted on load and whenever it changes, so the page
 * sizes the frame to it: one scroll, not a scroll inside a scroll (issue 8 §6: 640 px frame, 839 px page).
 */
export const ESIGN_FRAME_HEIGHT_MAX = 20_000;

/** Decline (spec §4 "needs confirmation"): an optional reason the company sees; never required. */
export const DECLINE_REASON_CODES = [
  'accepted_another_offer',
  'compensation',
  'location',
  'role_fit',
  'personal',
  'other',
] as const;
export type DeclineReasonCode = (typeof DECLINE_REASON_CODES)[number];

export const DECLINE_REASON_LABELS: Readonly<Record<DeclineReasonCode, string>> = {
  accepted_another_offer: 'I accepted another offer',
  compensation: 'Compensation',
  location: 'Location',
  role_fit: 'The role is not the right fit',
  personal: 'Personal reasons',
  other: 'Other',
};

/** Every offers message of spec §4, §5 and §8, in its words. */
export const OfferMessages = {
  acceptSuccess: 'Successfully submitted form for verification',
  declineSuccess: 'Successfully rejected the offer',
  esignSuccess: 'Successfully signed the offer letter',
  esignRejected: 'Offer letter has been rejected',
  acceptFailed: 'Something went wrong when accepting the offer',
  declineFailed: 'Something went wrong when rejecting the offer',
  problemAcceptingOffer: 'There was a problem accepting the offer',
  problemAcceptingDocument: 'There was a problem accepting the document',
  problemRejectingOffer: 'There was a problem rejecting the offer',
  noLetterContent: 'No offer letter content available',
  downloadFailed: 'Offer Letter Download Failed',
  atMostOneFile: 'You should upload at most 1 file',
  enterFullName: 'Please enter your full name',
  agreeToTerms: 'I have read and agree to the terms and conditions',
  signatureLabel: 'Enter your name as the electronic signature',
  signaturePlaceholder: 'Enter your name',
  yetToBeSigned: 'Document is yet to be signed',
  beingProcessed: 'Document being processed',
  actionRequired: 'Action required',
  noOffers: 'No offers found',
  viewOffer: 'View job offer',
  /** spec §8 Form default messages: both labels above are longer than 30 characters. */
  required: 'This field is required',
} as const;

/** spec §5 "Download": the file name of a downloaded letter. */
export const offerLetterFileName = (offerId: string): string => `offer-letter-${offerId}.pdf`;

/** The profile's full name, or null when unknown (both parts blank). */
export function profileFullName(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const name = [firstName ?? '', lastName ?? ''].map((part) => part.trim()).filter(Boolean).join(' ');
  return name === '' ? null : name;
}

/** spec §5: "The placeholder is the profile name or Enter your name." */
export const signaturePlaceholder = (fullName: string | null): string => fullName ?? OfferMessages.signaturePlaceholder;

export type SignatureCheck = { ok: true; signature: string } | { ok: false; message: string };

/**
 * spec §5 "Inline sign form": required; when the profile's full name is known the typed text must equal it
 * exactly, otherwise "Please enter your full name"; when it is unknown ANY non-blank text gets that same
 * message (as coded, odd: such a candidate cannot sign inline and has to upload or e-sign).
 *
 * "Exactly" means case and spelling; the input is trimmed first because the form trims text inputs on blur
 * (§5 "Form rules"), and both sides are compared in Unicode NFC so a name typed with combining accents
 * (macOS input) still equals the stored one. Browser and server call this same function (T16).
 */
export function validateTypedSignature(input: string | null | undefined, fullName: string | null): SignatureCheck {
  const typed = (input ?? '').trim().normalize('NFC');
  if (typed === '') return { ok: false, message: OfferMessages.required };
  if (fullName === null) return { ok: false, message: OfferMessages.enterFullName };
  if (typed !== fullName.trim().normalize('NFC')) return { ok: false, message: OfferMessages.enterFullName };
  return { ok: true, signature: typed };
}

export type InlineSignFormErrors = Partial<Record<'agreed' | 'signature', string>>;

/** The whole inline form: field name → message, empty when it may be submitted. */
export function validateInlineSignForm(
  form: { agreed: boolean | null | undefined; signature: string | null | undefined },
  fullName: string | null,
): InlineSignFormErrors {
  const errors: InlineSignFormErrors = {};
  if (form.agreed !== true) errors.agreed = OfferMessages.required;
  const signature = validateTypedSignature(form.signature, fullName);
  if (!signature.ok) errors.signature = signature.message;
  return errors;
}
