import { z } from 'zod';
import {
  DECLINE_REASON_CODES,
  DECLINE_REASON_TEXT_MAX_LENGTH,
  ESIGN_FRAME_HEIGHT_MAX,
  OFFER_DOCUMENT_STATUSES,
  OFFER_STATUSES,
  SIGNING_METHODS,
  TYPED_SIGNATURE_MAX_LENGTH,
} from './offer-rules';

/**
 * Job offers on the wire (spec §3 "Offer", "Offer document"; §7 "Offers"). Field names are the spec's;
 * the server's presenter builds these shapes and the web app parses them. The plain rules, limits, paths
 * and messages beside them are in offer-rules.ts, which a screen can use without loading zod.
 */

export const OfferStatusSchema = z.enum(OFFER_STATUSES);

export const OfferDocumentStatusSchema = z.enum(OFFER_DOCUMENT_STATUSES);

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

export const SigningMethodSchema = z.enum(SIGNING_METHODS);

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

export const EsignFrameHeightMessageSchema = z.object({
  type: z.literal('ESIGN_HEIGHT'),
  offerId: z.string(),
  documentId: z.string(),
  height: z.number().int().min(1).max(ESIGN_FRAME_HEIGHT_MAX),
});

export const DeclineReasonCodeSchema = z.enum(DECLINE_REASON_CODES);

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

