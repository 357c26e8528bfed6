import { SIGNED_UPLOAD_MAX_BYTES, type SigningMethod } from '@careers/contracts';
import { NotFoundError, ValidationError } from '../../errors';
import { sha256Hex } from './offer-evidence';
import { offerExtendedNotification } from '../notifications/notification-messages';
import { appendEvent, eventFields } from './offer-transaction';
import type { CandidateRef, PositionRef } from './offer-parties.repository';
import type { OfferRecord } from './offers.repository';
import type { OffersDeps, OfferView } from './offers.types';
import type { OffersReading } from './offers-reading.service';
import { rejectionError } from './offers.upload-errors';
import type { SignedUploadChecker } from './signed-upload.check';

/**
 * Extending an offer (issue 10 "Offers": the company's side, through the employer API and `offers extend`).
 * The company's PDF letters pass the same bounded check as a candidate's signed upload (signed-upload.check.ts:
 * a real PDF, no scripts or attachments, no decompression bomb), since the candidate's browser will show them
 * and signing stamps onto them. The offer, its documents and one `extended` evidence event per document (the
 * SHA-256 of exactly what was issued) are written in one transaction: a refused document writes nothing.
 */

export interface NewOfferDocument {
  /** Shown to the candidate; default "Offer letter" (numbered when there are several). */
  name?: string;
  /** The name the file came with, checked like an upload's (no path, no control characters). */
  fileName?: string;
  pdf: Uint8Array;
  /** inline: typed signature on the letter page; upload: print, sign and upload; esign: the hosted signing page. */
  signing: SigningMethod;
}

export interface ExtendOfferInput {
  tenantId: string;
  candidate: CandidateRef;
  position: PositionRef;
  documents: readonly NewOfferDocument[];
  /** ISO-8601; must be in the future and within MAX_OFFER_VALIDITY_DAYS. */
  expiresAt: string;
}

export interface OffersExtending {
  extend(input: ExtendOfferInput): Promise<OfferView>;
}

export const MAX_OFFER_DOCUMENTS = 5;
export const MAX_OFFER_VALIDITY_DAYS = 180;
/** An offer must stay open long enough to be read: at least this long from now. */
export const MIN_OFFER_VALIDITY_MS = 60 * 60_000;
export const MAX_DOCUMENT_NAME_LENGTH = 120;
const DAY_MS = 86_400_000;

export const ExtendMessages = {
  noCandidate: 'No candidate of this tenant has that id or email.',
  noPosition: 'No position of this tenant has that id or external id.',
  documents: `An offer needs between 1 and ${MAX_OFFER_DOCUMENTS} documents.`,
  documentName: `Document names must be 1 to ${MAX_DOCUMENT_NAME_LENGTH} characters.`,
  expiresFormat: 'expires_at must be an ISO-8601 date and time, e.g. 2026-12-31T17:00:00Z.',
  expiresRange: `expires_at must be at least an hour from now and at most ${MAX_OFFER_VALIDITY_DAYS} days away.`,
} as const;

function invalid(field: string, message: string): ValidationError {
  return new ValidationError({ [field]: message }, message);
}

function checkExpiry(raw: string, now: Date): string {
  // Date.parse accepts too much ("2026"); insist on a full date and time with a zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) || Number.isNaN(Date.parse(raw))) {
    throw invalid('expires_at', ExtendMessages.expiresFormat);
  }
  const at = Date.parse(raw);
  if (at < now.getTime() + MIN_OFFER_VALIDITY_MS || at > now.getTime() + MAX_OFFER_VALIDITY_DAYS * DAY_MS) {
    throw invalid('expires_at', ExtendMessages.expiresRange);
  }
  return new Date(at).toISOString();
}

function documentName(document: NewOfferDocument, index: number, count: number): string {
  const name = (document.name ?? (count === 1 ? 'Offer letter' : `Offer document ${index + 1}`)).trim();
  if (name.length === 0 || name.length > MAX_DOCUMENT_NAME_LENGTH) throw invalid(`documents[${index}].name`, ExtendMessages.documentName);
  return name;
}

export function createOffersExtending(
  deps: Pick<OffersDeps, 'repository' | 'transaction' | 'clock'>,
  reading: Pick<OffersReading, 'get'>,
  checker: () => SignedUploadChecker,
  newId: () => string,
): OffersExtending {
  const { repository, clock } = deps;

  return {
    async extend(input) {
      const now = clock.now();
      const count = input.documents.length;
      if (count === 0 || count > MAX_OFFER_DOCUMENTS) throw invalid('documents', ExtendMessages.documents);
      const names = input.documents.map((document, index) => documentName(document, index, count));
      const expiresAt = checkExpiry(input.expiresAt, now);
      const candidate = await repository.findOfferCandidate(input.tenantId, input.candidate);
      if (!candidate) throw new NotFoundError(ExtendMessages.noCandidate);
      const position = await repository.findOfferPosition(input.tenantId, input.position);
      if (!position) throw new NotFoundError(ExtendMessages.noPosition);

      // One document at a time through the checker's worker threads, keyed by the tenant: a company sending
      // many letters holds one checking thread, as a candidate does.
      const checkKey = { tenantId: input.tenantId, candidateId: '\u0000company' };
      for (const [index, document] of input.documents.entries()) {
        if (document.pdf.length > SIGNED_UPLOAD_MAX_BYTES) throw rejectionError('too_large', `Document ${index + 1}: the file is larger than ${SIGNED_UPLOAD_MAX_BYTES / 1048576} MB.`);
        const inspection = await checker().check(checkKey, [{ bytes: document.pdf, filename: document.fileName ?? `${names[index]}.pdf` }]);
        if (!inspection.ok) throw rejectionError(inspection.code, `Document ${index + 1} ("${names[index]}"): ${inspection.message}`);
      }

      const stamp = now.toISOString();
      const offer: OfferRecord = {
        id: newId(),
        tenantId: input.tenantId,
        candidateId: candidate.id,
        positionId: position.id,
        positionName: position.title,
        status: 'Extended',
        createdAt: stamp,
        updatedAt: stamp,
        expiresAt,
        declineReasonCode: null,
        declineReasonText: null,
      };
      await deps.transaction(async (repo) => {
        await repo.insertOffer(offer);
        for (const [index, document] of input.documents.entries()) {
          const documentId = newId();
          const sha256 = sha256Hex(document.pdf);
          await repo.insertDocument({
            id: documentId,
            offerId: offer.id,
            sortOrder: index,
            name: names[index] as string,
            status: 'Unsigned',
            signingMode: document.signing,
            originalPdf: document.pdf,
            originalSha256: sha256,
            updatedAt: stamp,
            expiresAt,
          });
          await appendEvent(
            repo,
            eventFields(newId, offer, 'extended', { statusBefore: 'Extended', statusAfter: 'Extended' }, now, null, {
              document_id: documentId,
              shown_document_sha256: sha256,
            }),
          );
        }
        // Issue 12: the candidate learns of the offer with it (action_required), whatever path extended it.
        await repo.notify(offerExtendedNotification({ tenantId: offer.tenantId, candidateId: offer.candidateId, at: now }, offer));
      });
      return reading.get({ tenantId: offer.tenantId, candidateId: offer.candidateId }, offer.id);
    },
  };
}
