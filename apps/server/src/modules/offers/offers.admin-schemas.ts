import { effectiveOfferStatus, OFFER_STATUSES } from '@careers/contracts';
import { z } from 'zod';
import { IdParam, PlainText } from '../../http/admin-schemas';
import type { ChainVerification } from './offer-evidence';
import type { OfferEvidenceReport } from './offers-company.service';
import { MAX_DOCUMENT_NAME_LENGTH, MAX_OFFER_DOCUMENTS } from './offers-extending.service';
import type { OfferView } from './offers.types';

/**
 * The employer API's offer shapes (issue 10 "Offers"): the zod schemas the routes validate and serialize with
 * (and so the OpenAPI document), and the presenters from the service's records to them.
 */

/** A base64 PDF of at most 10 MB (13,981,016 characters); the upload check judges the bytes. */
const PDF_BASE64_MAX = 13_981_016;

export const ExtendOfferBody = z
  .object({
    candidate_id: IdParam.optional().describe('The candidate, by id; or give candidate_email.'),
    candidate_email: z.string().email().max(320).optional().describe('The candidate, by the email they signed up with.'),
    position_id: z.number().int().positive().optional().describe('The position, by id; or give position_external_ref.'),
    position_external_ref: PlainText(200).optional().describe('The position, by your own external id.'),
    expires_at: z.string().max(40).describe('ISO-8601 with a zone, at least an hour from now and at most 180 days away.'),
    documents: z
      .array(
        z.object({
          name: PlainText(MAX_DOCUMENT_NAME_LENGTH).optional().describe('Shown to the candidate; default "Offer letter".'),
          signing: z
            .enum(['inline', 'upload', 'esign'])
            .describe('inline: typed signature on the letter page; upload: print, sign and upload; esign: our hosted e-signature page.'),
          pdf_base64: z
            .string()
            .min(1)
            .max(PDF_BASE64_MAX)
            .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be standard base64 without line breaks')
            .describe('The document as a PDF, base64 (at most 10 MB decoded; checked like a candidate upload: no scripts, attachments or encryption).'),
        }),
      )
      .min(1)
      .max(MAX_OFFER_DOCUMENTS),
  })
  .refine((body) => (body.candidate_id === undefined) !== (body.candidate_email === undefined), {
    message: 'Give exactly one of candidate_id and candidate_email.',
    path: ['candidate_id'],
  })
  .refine((body) => (body.position_id === undefined) !== (body.position_external_ref === undefined), {
    message: 'Give exactly one of position_id and position_external_ref.',
    path: ['position_id'],
  });

const AdminOfferDocument = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['Pending', 'Unsigned', 'Signed']),
  signing_mode: z.enum(['inline', 'upload', 'esign']),
  signed: z.boolean(),
  signed_method: z.enum(['inline', 'upload', 'esign']).nullable(),
  signed_at: z.string().nullable(),
  signer_name: z.string().nullable(),
  signer_email: z.string().nullable(),
  original_sha256: z.string().nullable(),
  /** The stored result: the stamped PDF for a typed signature, the upload as received. */
  signed_sha256: z.string().nullable(),
});

export const AdminOffer = z.object({
  id: z.string(),
  status: z.enum(OFFER_STATUSES).describe('Effective status: an Extended offer past expires_at reads Expired even before the sweep writes it.'),
  stored_status: z.enum(OFFER_STATUSES),
  candidate_id: z.string(),
  position: z.object({ id: z.number().nullable(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  expires_at: z.string().nullable(),
  decline_reason: z.object({ code: z.string().nullable(), text: z.string().nullable() }).nullable(),
  documents: z.array(AdminOfferDocument),
});

export const OfferIdParams = z.object({ id: IdParam });
export const OfferDocumentParams = z.object({ id: IdParam, documentId: IdParam });
export const OffersQuery = z.object({
  status: z.enum(OFFER_STATUSES).optional().describe('Stored status.'),
  candidate_id: IdParam.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const CertificateQuery = z.object({ document_id: IdParam.optional() });

const Verification = z.object({
  ok: z.boolean(),
  broken_at: z.number().nullable().describe('Index of the first event that fails; every later one is suspect too.'),
  reason: z.enum(['previous_hash', 'hash']).nullable(),
});

export const EvidenceResponse = z.object({
  offer_id: z.string(),
  valid: z.boolean(),
  verification: Verification,
  events: z.array(
    z.object({
      seq: z.number(),
      event: z.record(z.string(), z.unknown()).describe('The stored event exactly as hashed (offer-evidence.ts fields).'),
      missing: z.array(z.string()).describe('Fields this event type must carry that are empty.'),
    }),
  ),
});

export function presentAdminOffer(view: OfferView, now: Date): z.infer<typeof AdminOffer> {
  const { offer } = view;
  return {
    id: offer.id,
    status: effectiveOfferStatus({ status: offer.status, expires_at: offer.expiresAt }, now),
    stored_status: offer.status,
    candidate_id: offer.candidateId,
    position: { id: offer.positionId, name: offer.positionName },
    created_at: offer.createdAt,
    updated_at: offer.updatedAt,
    expires_at: offer.expiresAt,
    decline_reason: offer.status === 'Declined' ? { code: offer.declineReasonCode, text: offer.declineReasonText } : null,
    documents: view.documents.map((doc) => ({
      id: doc.id,
      name: doc.name,
      status: doc.status,
      signing_mode: doc.signingMode,
      signed: doc.signed,
      signed_method: doc.signedMethod,
      signed_at: doc.signedAt,
      signer_name: doc.signerName,
      signer_email: doc.signerEmail,
      original_sha256: doc.originalSha256,
      signed_sha256: doc.signedMethod === 'upload' ? doc.uploadedSha256 : doc.signedSha256,
    })),
  };
}

function presentVerification(verification: ChainVerification): z.infer<typeof Verification> {
  return verification.ok ? { ok: true, broken_at: null, reason: null } : { ok: false, broken_at: verification.brokenAt, reason: verification.reason };
}

export function presentEvidence(report: OfferEvidenceReport): z.infer<typeof EvidenceResponse> {
  return {
    offer_id: report.offerId,
    valid: report.verification.ok,
    verification: presentVerification(report.verification),
    events: report.events.map((row) => ({ seq: row.seq, event: { ...row.event }, missing: row.missing })),
  };
}
