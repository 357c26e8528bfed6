import { randomUUID } from 'node:crypto';
import { createOfferEvidenceService, type OfferEvidenceService } from './offer-evidence.service';
import { createTransact } from './offer-transaction';
import { createOffersCompany, type OffersCompany } from './offers-company.service';
import { createOffersExpiry, type OffersExpiry } from './offers-expiry.service';
import { createOffersExtending, type OffersExtending } from './offers-extending.service';
import { createOffersReading, type OffersReading } from './offers-reading.service';
import { createOffersSigning, type OffersSigning } from './offers-signing.service';
import type { OffersDeps } from './offers.types';
import { signedUploadChecker } from './signed-upload.check';

/**
 * The offers service (issue 4 "The state machine", QUALITY.md "Signing evidence", T13, T14), composed of its
 * concerns (issue 8 §5): reading (offers-reading.service.ts), signing and the other transitions
 * (offers-signing.service.ts, one transaction each through offer-transaction.ts) and the evidence check
 * (offer-evidence.service.ts); and the company's side (issue 10): extending (offers-extending.service.ts), the
 * tenant-scoped reads and cancel (offers-company.service.ts), and the expiry sweep (offers-expiry.service.ts).
 * Callers see one interface.
 */

export type { ActionResult, DeclineReason, EsignStatus, OffersDeps, OfferView, RequestEvidence, Signer, WithinTransaction } from './offers.types';
export { NO_DOCUMENT_TO_UPLOAD, NOT_SIGNED_YET } from './offers-signing.service';
export type { ExtendOfferInput, NewOfferDocument } from './offers-extending.service';
export type { OfferEvidenceReport, TenantOffersFilter } from './offers-company.service';

export interface OffersService extends OffersReading, OffersSigning, OfferEvidenceService, OffersExtending, OffersCompany, OffersExpiry {}

export function createOffersService(deps: OffersDeps): OffersService {
  const newId = deps.newId ?? randomUUID;
  const transact = createTransact(deps, newId);
  const reading = createOffersReading(deps, transact, newId);
  const signing = createOffersSigning(deps, reading, transact, newId);
  const evidence = createOfferEvidenceService(deps.repository);
  return {
    ...reading,
    ...signing,
    ...evidence,
    ...createOffersExtending(deps, reading, deps.uploadChecker ?? signedUploadChecker, newId),
    ...createOffersCompany(deps.repository, reading, signing, evidence),
    ...createOffersExpiry(deps, transact, newId),
  };
}
