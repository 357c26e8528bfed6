import type { DeclineReasonCode, EsignDecision, SigningReceipt } from '@careers/contracts';
import type { Clock } from '../../clock';
import type { SignedUploadChecker } from './signed-upload.check';
import type { DocumentRecord, OfferRecord, OfferScope, OffersRepository } from './offers.repository';

/** The shapes the offers services share (issue 8 §5: the service split by concern, one vocabulary). */

export interface OfferView {
  offer: OfferRecord;
  documents: DocumentRecord[];
}

/** Who acts, as the session knows them. */
export interface Signer extends OfferScope {
  email: string;
  /** profileFullName(first, last): null when unknown (spec §5's odd case). */
  fullName: string | null;
}

/** Where a request came from, for the evidence row. */
export interface RequestEvidence {
  ip: string;
  userAgent: string;
  /** SHA-256 of the session's stored id hash: links one sitting's events without holding a usable token. */
  sessionHash: string;
  /** The language the request reads in (http/request-locale.ts): the stamp and certificate are drawn in it. */
  locale?: string;
}

export interface ActionResult {
  view: OfferView;
  receipt: SigningReceipt | null;
}

export interface EsignStatus extends ActionResult {
  document: DocumentRecord;
  decision: EsignDecision | null;
}

export interface DeclineReason {
  code: DeclineReasonCode | null;
  text: string | null;
}

/** Runs inside the signing transaction before anything is written (the e-sign link spends its token here). */
export type WithinTransaction = (repository: OffersRepository) => Promise<void>;

export interface OffersDeps {
  repository: OffersRepository;
  transaction<T>(work: (repository: OffersRepository) => Promise<T>): Promise<T>;
  clock: Clock;
  /** Event ids; random UUIDs, or a seeded sequence so the demo seed is the same row for row. */
  newId?: () => string;
  /** The PDF check for the company's letters; default the shared worker pool (signed-upload.check.ts). */
  uploadChecker?: () => SignedUploadChecker;
}
