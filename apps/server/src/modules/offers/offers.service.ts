import { randomUUID } from 'node:crypto';
import { createOfferEvidenceService, type OfferEvidenceService } from './offer-evidence.service';
import { createTransact } from './offer-transaction';
import { createOffersReading, type OffersReading } from './offers-reading.service';
import { createOffersSigning, type OffersSigning } from './offers-signing.service';
import type { OffersDeps } from './offers.types';

/**
 * The offers service (issue 4 "The state machine", QUALITY.md "Signing evidence", T13, T14), composed of its
 * concerns (issue 8 §5): reading (offers-reading.service.ts), signing and the other transitions
 * (offers-signing.service.ts, one transaction each through offer-transaction.ts) and the evidence check
 * (offer-evidence.service.ts). Callers see one interface.
 */

export type { ActionResult, DeclineReason, EsignStatus, OffersDeps, OfferView, RequestEvidence, Signer, WithinTransaction } from './offers.types';
export { NO_DOCUMENT_TO_UPLOAD, NOT_SIGNED_YET } from './offers-signing.service';

export interface OffersService extends OffersReading, OffersSigning, OfferEvidenceService {}

export function createOffersService(deps: OffersDeps): OffersService {
  const newId = deps.newId ?? randomUUID;
  const transact = createTransact(deps, newId);
  const reading = createOffersReading(deps, transact, newId);
  return {
    ...reading,
    ...createOffersSigning(deps, reading, transact, newId),
    ...createOfferEvidenceService(deps.repository),
  };
}
