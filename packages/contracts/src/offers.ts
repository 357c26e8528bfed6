import { z } from 'zod';

/**
 * Job offers on the wire (spec §3 "Offer", "Offer document"; §7 "Offers"). Field names are the spec's;
 * the server's presenter builds these shapes and the web app parses them.
 */

/** spec §3 Offer.status. `Expired` is also what an Extended offer past its `expires_at` shows (§4). */
export const OFFER_STATUSES = ['Extended', 'Declined', 'Accepted', 'Canceled', 'Expired'] as const;
export const OfferStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof OfferStatusSchema>;

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
export const OfferDocumentStatusSchema = z.enum(OFFER_DOCUMENT_STATUSES);
export type OfferDocumentStatus = z.infer<typeof OfferDocumentStatusSchema>;

/** Timestamps travel as ISO-8601 UTC text, as they are stored. */
const timestamp = z.iso.datetime({ offset: true });

export const OfferDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: OfferDocumentStatusSchema,
  signed: z.boolean(),
  /**
   * Set when the document is signed on the hosted e-signature page (spec §2 (c)): the letter page shows the
   * e-sign frame while the offer is Extended and the document unsigned. The value is the address to POST
   * (with the CSRF header) for a fresh single-use frame URL (`EsignTokenResponse.url`); it is not itself a
   * page, because a signing link must be short-lived and bound to the signed-in session.
   */
  url: z.string().nullable(),
  /** Base64 PDF; only the detail / letter call carries it, the list omits it to stay small. */
  b64_string: z.string().nullable().optional(),
  updated_at: timestamp.nullable(),
  expires_at: timestamp.nullable(),
  /** Download link of the stored file (the signed copy once signed); null while the document has no file. */
  s3_path: z.string().nullable(),
  /**
   * Download link of the proof of signing once the document is signed: for a typed signature (inline or
   * e-sign) the signed PDF, whose last page is the signing certificate; for an upload a receipt PDF (the file
   * as received, byte for byte, followed by a "Signed copy received" stamp and the certificate). Null before.
   */
  receipt_path: z.string().nullable().optional(),
  /**
   * How the company asks for this document to be signed, which picks the letter page's layout (spec §2):
   * 'inline' (a) the embedded letter with the agree-and-sign form, 'upload' (b) the three steps ending in an
   * upload, 'esign' (c) the hosted e-signature frame (then `url` is set). Any of them may still upload.
   */
  signing_mode: z.lazy(() => SigningMethodSchema).optional(),
});
export type OfferDocument = z.infer<typeof OfferDocumentSchema>;

export const OfferSchema = z.object({
  id: z.string(),
  /** The EFFECTIVE status (see offer-status.ts): an Extended offer past expiry is sent as Expired. */
  status: OfferStatusSchema,
  /** `id` is null when the offer is not linked to a posted position; `name` is the snapshot taken at offer time. */
  position: z.object({ id: z.string().nullable(), name: z.string() }),
  updated_at: timestamp,
  expires_at: timestamp.nullable(),
  offer_documents: z.array(OfferDocumentSchema),
});
export type Offer = z.infer<typeof OfferSchema>;

/** GET /api/offer/offers (spec §7). */
export const OffersListResponseSchema = z.object({ offers: z.array(OfferSchema) });
export type OffersListResponse = z.infer<typeof OffersListResponseSchema>;

/** GET /api/offer/offers/{id}: one offer, its documents carrying `b64_string`. */
export const OfferDetailResponseSchema = z.object({ offer: OfferSchema });
export type OfferDetailResponse = z.infer<typeof OfferDetailResponseSchema>;

/** POST /api/offer/offers/{id}/viewed: a view is evidence of the document shown (null: the offer page). */
export const OfferViewedRequestSchema = z.object({ document_id: z.string().nullable().optional() });
export type OfferViewedRequest = z.infer<typeof OfferViewedRequestSchema>;

/** POST .../{id}/{documentId}/esign_token: the hosted signing page to frame (spec §2 (c)). */
export const EsignTokenResponseSchema = z.object({ url: z.string() });
export type EsignTokenResponse = z.infer<typeof EsignTokenResponseSchema>;

export const SIGNING_METHODS = ['inline', 'esign', 'upload'] as const;
export const SigningMethodSchema = z.enum(SIGNING_METHODS);
export type SigningMethod = z.infer<typeof SigningMethodSchema>;

/**
 * Proof handed back after every way of accepting (issue 4: "every way of accepting leaves proof").
 * `document_sha256` is the SHA-256 of the stored file the candidate can download.
 */
export const SigningReceiptSchema = z.object({
  event_id: z.string(),
  method: SigningMethodSchema,
  offer_id: z.string(),
  document_id: z.string().nullable(),
  signed_at: timestamp,
  document_sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type SigningReceipt = z.infer<typeof SigningReceiptSchema>;

/**
 * A document's file travels inline as `b64_string` up to this size (a generated letter is ~30–120 KB); a
 * larger file (an uploaded scan) is null there and is fetched from `s3_path` instead.
 */
export const OFFER_DOCUMENT_INLINE_MAX_BYTES = 2 * 1048576;

/**
 * Answer to accept, document accept, esign_status and decline. `message` is the spec's success text for
 * the toast (§4: "Successfully submitted form for verification", "Successfully rejected the offer").
 */
export const OfferActionResponseSchema = z.object({
  offer: OfferSchema,
  receipt: SigningReceiptSchema.nullable(),
  message: z.string(),
});
export type OfferActionResponse = z.infer<typeof OfferActionResponseSchema>;

/** The server's own record of the last decision taken on the hosted signing page for a document. */
export const EsignDecisionSchema = z.enum(['signed', 'rejected']);
export type EsignDecision = z.infer<typeof EsignDecisionSchema>;

/**
 * POST .../{documentId}/esign_status: the document's real state as the server stores it (T11 "server
 * confirms status itself"), whatever the client claimed.
 */
export const EsignStatusResponseSchema = /* @__PURE__ */ OfferActionResponseSchema.extend({
  status: OfferDocumentStatusSchema,
  signed: z.boolean(),
  esign_decision: EsignDecisionSchema.nullable(),
});
export type EsignStatusResponse = z.infer<typeof EsignStatusResponseSchema>;

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

/** Multipart sends every field as text, so the checkbox arrives as "true"; JSON may send `true`. */
const checkedBox = z.union([z.literal(true), z.literal('true')]).transform((): true => true);

/** Inline agree-and-sign (spec §2 (a), §5): the checkbox and the typed name. */
export const InlineSignRequestSchema = z.object({
  agreed: checkedBox,
  signature: z.string().max(TYPED_SIGNATURE_MAX_LENGTH),
});
export type InlineSignRequest = z.input<typeof InlineSignRequestSchema>;

/** The hosted e-signature page posts the same adoption of a typed signature, or a refusal. */
export const EsignDecisionRequestSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('sign'), agreed: checkedBox, signature: z.string().max(TYPED_SIGNATURE_MAX_LENGTH) }),
  z.object({ decision: z.literal('reject') }),
]);
export type EsignDecisionRequest = z.input<typeof EsignDecisionRequestSchema>;

/**
 * POST .../{documentId}/esign_status: the parent page reports what the frame said. The server never
 * trusts it on its own word (T11): it checks its own record of the hosted signing session.
 */
export const EsignStatusRequestSchema = z.object({ status: z.enum(['signed', 'rejected']) });
export type EsignStatusRequest = z.infer<typeof EsignStatusRequestSchema>;

/** Messages the signing frame posts to its parent (spec §4 "type ESIGN ... type REJECT"). */
export const EsignFrameMessageSchema = z.object({
  type: z.enum(['ESIGN', 'REJECT']),
  offerId: z.string(),
  documentId: z.string(),
});
export type EsignFrameMessage = z.infer<typeof EsignFrameMessageSchema>;

/**
 * The signing frame's content height in CSS pixels, posted on load and whenever it changes, so the page
 * sizes the frame to it: one scroll, not a scroll inside a scroll (issue 8 §6: 640 px frame, 839 px page).
 */
export const ESIGN_FRAME_HEIGHT_MAX = 20_000;
export const EsignFrameHeightMessageSchema = z.object({
  type: z.literal('ESIGN_HEIGHT'),
  offerId: z.string(),
  documentId: z.string(),
  height: z.number().int().min(1).max(ESIGN_FRAME_HEIGHT_MAX),
});

/** Decline (spec §4 "needs confirmation"): an optional reason the company sees; never required. */
export const DECLINE_REASON_CODES = [
  'accepted_another_offer',
  'compensation',
  'location',
  'role_fit',
  'personal',
  'other',
] as const;
export const DeclineReasonCodeSchema = z.enum(DECLINE_REASON_CODES);
export type DeclineReasonCode = z.infer<typeof DeclineReasonCodeSchema>;

export const DECLINE_REASON_LABELS: Readonly<Record<DeclineReasonCode, string>> = {
  accepted_another_offer: 'I accepted another offer',
  compensation: 'Compensation',
  location: 'Location',
  role_fit: 'The role is not the right fit',
  personal: 'Personal reasons',
  other: 'Other',
};

export const DeclineOfferRequestSchema = z.object({
  reason_code: DeclineReasonCodeSchema.optional(),
  /** Blank text is the same as none. */
  reason_text: z
    .string()
    .trim()
    .max(DECLINE_REASON_TEXT_MAX_LENGTH)
    .optional()
    .transform((text) => (text === '' ? undefined : text)),
});
export type DeclineOfferRequest = z.input<typeof DeclineOfferRequestSchema>;

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
