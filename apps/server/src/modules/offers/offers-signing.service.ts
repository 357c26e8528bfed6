import { validateTypedSignature, type SigningMethod } from '@careers/contracts';
import { ConflictError, ValidationError } from '../../errors';
import { ESIGN_CONSENT, INLINE_SIGN_CONSENT } from './offer-consent';
import { receiptOf, shownFile } from './offer-files';
import { refusalMessage, transition, type OfferAction } from './offer-state-machine';
import { appendEvent, eventFields, LostRaceError, refusalError, stateOf, writeTransition, type Step, type Transact } from './offer-transaction';
import type { OffersReading } from './offers-reading.service';
import type { DocumentRecord, DocumentSignature, OfferScope } from './offers.repository';
import type { ActionResult, DeclineReason, OffersDeps, RequestEvidence, Signer, WithinTransaction } from './offers.types';
import { rejectionError } from './offers.upload-errors';
import { signedUploadChecker } from './signed-upload.check';
import type { UploadedFile } from './signed-upload.rules';
import { loadSigning } from './signing-pdf.lazy';

/**
 * Signing, declining and withdrawing offers (issue 4 "The state machine", T13, T14; issue 8 §5: the offers
 * service split by concern). Each action is one `transact` (offer-transaction.ts): decided by the state
 * machine on what the transaction read, written conditionally, its evidence event in the same transaction.
 */
export interface OffersSigning {
  signTyped(
    signer: Signer,
    evidence: RequestEvidence,
    offerId: string,
    documentId: string | null,
    signature: string,
    method: 'inline' | 'esign',
    within?: WithinTransaction,
  ): Promise<ActionResult>;
  upload(signer: Signer, evidence: RequestEvidence, offerId: string, documentId: string | null, files: readonly UploadedFile[]): Promise<ActionResult>;
  decline(scope: OfferScope, evidence: RequestEvidence, offerId: string, reason: DeclineReason): Promise<ActionResult>;
  esignReject(scope: OfferScope, evidence: RequestEvidence, offerId: string, documentId: string, within?: WithinTransaction): Promise<ActionResult>;
  /** The empty accept the letter page sends after the frame said ESIGN (spec §4): confirms, changes nothing. */
  confirmSigned(scope: OfferScope, offerId: string, documentId: string): Promise<ActionResult>;
  /** Company side (the seed; no candidate route): withdraws an open offer. */
  cancel(scope: OfferScope, offerId: string): Promise<ActionResult>;
}

export const NOT_SIGNED_YET = 'This document has not been signed yet.';
export const NO_DOCUMENT_TO_UPLOAD = 'This offer has no document to upload a signed copy for.';

export function createOffersSigning(
  deps: Pick<OffersDeps, 'repository' | 'clock'>,
  reading: Pick<OffersReading, 'get' | 'getDocument'>,
  transact: Transact,
  newId: () => string,
): OffersSigning {
  const { repository, clock } = deps;
  const { get, getDocument } = reading;

  /**
   * The read before the heavy work: refuses at once what the transaction would refuse (recording an expiry),
   * and names the document an offer-level accept signs.
   */
  async function precheck(scope: OfferScope, offerId: string, action: OfferAction, now: Date, evidence: RequestEvidence) {
    const view = await get(scope, offerId);
    const result = transition(stateOf(view.offer, view.documents), action, now);
    if (!result.ok) {
      if (result.reason === 'expired') await transact(scope, offerId, action, now, evidence, () => Promise.resolve());
      throw refusalError(result.reason, result.statusBefore);
    }
    const target = result.documentId === null ? null : (view.documents.find((doc) => doc.id === result.documentId) ?? null);
    return { view, target };
  }

  /**
   * The transaction decides on the request as sent (an offer-level accept picks its letter again on what it
   * read), so a refusal is worded as it would be for the same request sent alone: a double click on an
   * offer-level accept that leaves a Pending document answers "still being processed", not "already signed"
   * (T13: racing answers are those of one order). The signature was made for the pre-check's pick; any other
   * pick now means that letter is no longer the one awaiting a signature.
   */
  function samePick(step: Step, target: DocumentRecord | null): void {
    if (step.result.documentId !== (target?.id ?? null)) throw new ConflictError(refusalMessage('document_signed', step.result.statusBefore));
  }

  /** The document a signature will land on, after the pre-check; refuses a document without a file. */
  async function signingTarget(
    signer: Signer,
    offerId: string,
    documentId: string | null,
    method: SigningMethod,
    now: Date,
    evidence: RequestEvidence,
  ): Promise<DocumentRecord | null> {
    const { target } = await precheck(signer, offerId, { type: 'accept', method, documentId }, now, evidence);
    // spec §5's words for a letter with no bytes.
    if (target !== null && target.originalSha256 === null) throw new ConflictError('No offer letter content available');
    return target;
  }

  return {
    async signTyped(signer, evidence, offerId, documentId, signature, method, within) {
      const now = clock.now();
      const target = await signingTarget(signer, offerId, documentId, method, now, evidence);
      // spec §5: the typed name must equal the profile's full name exactly (trimmed, NFC).
      const check = validateTypedSignature(signature, signer.fullName);
      if (!check.ok) throw new ValidationError({ signature: check.message }, check.message);
      const consent = method === 'esign' ? ESIGN_CONSENT : INLINE_SIGN_CONSENT;
      const original = target === null ? null : await repository.readFile(offerId, target.id, 'original');

      const stamped =
        target && original
          ? await (await loadSigning()).stampSignedPdf({
              original,
              signerName: check.signature,
              signerEmail: signer.email,
              signedAt: now,
              ip: evidence.ip,
              userAgent: evidence.userAgent,
              offerId,
              documentId: target.id,
              method,
              consentText: consent.text,
              consentVersion: consent.version,
              locale: evidence.locale,
            })
          : null;

      const event = await transact(signer, offerId, { type: 'accept', method, documentId }, now, evidence, async (step) => {
        samePick(step, target);
        await within?.(step.repository);
        const fields = eventFields(newId, step.offer, step.result.event, step.result, now, evidence, {
          document_id: target?.id ?? null,
          consent_version: consent.version,
          consent_sha256: consent.sha256,
          typed_signature: check.signature,
          shown_document_sha256: target?.originalSha256 ?? null,
          result_document_sha256: stamped?.signedSha256 ?? null,
        });
        if (target && stamped) {
          const written = await step.repository.signDocument(offerId, target.id, {
            method,
            signedAt: now.toISOString(),
            eventId: fields.id,
            signer: { name: check.signature, email: signer.email },
            signedPdf: { bytes: stamped.signedPdf, sha256: stamped.signedSha256, stampedSha256: stamped.stampedSha256, stampedLength: stamped.stampedLength },
          } satisfies DocumentSignature);
          if (written === 0) throw new LostRaceError();
        }
        await writeTransition(step, now);
        return appendEvent(step.repository, fields);
      });

      const view = await get(signer, offerId);
      const receipt =
        target && stamped
          ? { event_id: event.id, method, offer_id: offerId, document_id: target.id, signed_at: now.toISOString(), document_sha256: stamped.signedSha256 }
          : null;
      return { view, receipt };
    },

    async upload(signer, evidence, offerId, documentId, files) {
      const now = clock.now();
      const target = await signingTarget(signer, offerId, documentId, 'upload', now, evidence);
      if (target === null) throw new ConflictError(NO_DOCUMENT_TO_UPLOAD);
      // In a worker thread, one check per candidate at a time (issue 8 §1, signed-upload.check.ts).
      const inspection = await signedUploadChecker().check(signer, files);
      if (!inspection.ok) throw rejectionError(inspection.code, inspection.message);
      const bytes = (files[0] as UploadedFile).bytes;

      const event = await transact(signer, offerId, { type: 'accept', method: 'upload', documentId }, now, evidence, async (step) => {
        samePick(step, target);
        const fields = eventFields(newId, step.offer, step.result.event, step.result, now, evidence, {
          document_id: target.id,
          shown_document_sha256: target.originalSha256,
          result_document_sha256: inspection.sha256,
        });
        const written = await step.repository.signDocument(offerId, target.id, {
          method: 'upload',
          signedAt: now.toISOString(),
          eventId: fields.id,
          signer: { name: signer.fullName ?? signer.email, email: signer.email },
          upload: { bytes, sha256: inspection.sha256, fileName: inspection.fileName },
        });
        if (written === 0) throw new LostRaceError();
        await writeTransition(step, now);
        return appendEvent(step.repository, fields);
      });

      return {
        view: await get(signer, offerId),
        receipt: { event_id: event.id, method: 'upload', offer_id: offerId, document_id: target.id, signed_at: now.toISOString(), document_sha256: inspection.sha256 },
      };
    },

    async decline(scope, evidence, offerId, reason) {
      const now = clock.now();
      await transact(scope, offerId, { type: 'decline' }, now, evidence, async (step) => {
        await writeTransition(step, now, reason);
        await appendEvent(
          step.repository,
          eventFields(newId, step.offer, 'declined', step.result, now, evidence, { decline_reason_code: reason.code, decline_reason_text: reason.text }),
        );
      });
      return { view: await get(scope, offerId), receipt: null };
    },

    async esignReject(scope, evidence, offerId, documentId, within) {
      const now = clock.now();
      await transact(scope, offerId, { type: 'esign_reject', documentId }, now, evidence, async (step) => {
        await within?.(step.repository);
        const document = step.documents.find((doc) => doc.id === documentId);
        // The rejection declines the offer (issue 8 §6), in this transaction: a racing accept or decline finds
        // Declined, or wins and this write finds its status changed (LostRaceError, 409).
        await writeTransition(step, now, { code: null, text: null });
        await appendEvent(
          step.repository,
          eventFields(newId, step.offer, 'esign_rejected', step.result, now, evidence, {
            document_id: documentId,
            shown_document_sha256: document ? (shownFile(document)?.sha256 ?? null) : null,
          }),
        );
      });
      return { view: await get(scope, offerId), receipt: null };
    },

    async confirmSigned(scope, offerId, documentId) {
      const { view, document } = await getDocument(scope, offerId, documentId);
      if (document.signed) return { view, receipt: receiptOf(offerId, document) };
      const result = transition(stateOf(view.offer, view.documents), { type: 'accept', method: 'esign', documentId }, clock.now());
      throw result.ok ? new ConflictError(NOT_SIGNED_YET) : refusalError(result.reason, result.statusBefore);
    },

    async cancel(scope, offerId) {
      const now = clock.now();
      await transact(scope, offerId, { type: 'cancel' }, now, null, async (step) => {
        await writeTransition(step, now);
        await appendEvent(step.repository, eventFields(newId, step.offer, 'canceled', step.result, now, null));
      });
      return { view: await get(scope, offerId), receipt: null };
    },
  };
}
