import { randomUUID } from 'node:crypto';
import {
  validateTypedSignature,
  type DeclineReasonCode,
  type EsignDecision,
  type SigningMethod,
  type SigningReceipt,
} from '@careers/contracts';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError, type AppError } from '../../errors';
import { ESIGN_CONSENT, INLINE_SIGN_CONSENT, UPLOAD_STATEMENT } from './offer-consent';
import {
  GENESIS_HASH,
  sealEvent,
  verifyChain,
  type ChainVerification,
  type OfferEventFields,
  type OfferEventRow,
  type OfferEventType,
} from './offer-evidence';
import { receiptSource, shownFile } from './offer-files';
import { refusalMessage, transition, type OfferAction, type OfferState, type TransitionRefusal, type TransitionResult } from './offer-state-machine';
import type { DocumentRecord, DocumentSignature, OfferRecord, OfferScope, OffersRepository } from './offers.repository';
import { rejectionError } from './offers.upload-errors';
import { signedUploadChecker } from './signed-upload.check';
import type { UploadedFile } from './signed-upload.rules';

/**
 * pdf-lib and fontkit take about half a second and 40 MB to load, and only signing or an upload needs
 * them: they load on first use, not at start (P10 cold start and memory).
 */
const loadSigning = () => import('../pdf/signing.pdf');

/**
 * Offer rules and transitions (issue 4 "The state machine", QUALITY.md "Signing evidence", T13, T14). Every
 * change is one transaction holding the offer row (locked on PostgreSQL; SQLite transactions are serial), the
 * pure `transition` decides on what that transaction read, the write is conditional on the status read, and
 * the evidence event is appended to the offer's hash chain in the same transaction. Heavy work (stamping a
 * PDF) happens before the transaction on a pre-checked state, so locks are held for milliseconds.
 */

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

export interface OffersService {
  list(scope: OfferScope): Promise<OfferView[]>;
  /** The candidate's offer, or NotFound (also for another candidate's or tenant's id). */
  get(scope: OfferScope, offerId: string): Promise<OfferView>;
  getDocument(scope: OfferScope, offerId: string, documentId: string): Promise<{ view: OfferView; document: DocumentRecord }>;
  /** The bytes of the shown file of each document no larger than `maxBytes`. */
  readShownFiles(view: OfferView, maxBytes: number): Promise<Map<string, Uint8Array>>;
  /** The document's file to download, or the proof of its signing (drawn on request for an upload). */
  readFile(scope: OfferScope, offerId: string, documentId: string, which: 'document' | 'receipt'): Promise<Uint8Array>;
  recordView(scope: OfferScope, evidence: RequestEvidence, offerId: string, documentId: string | null): Promise<void>;
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
  esignStatus(scope: OfferScope, offerId: string, documentId: string): Promise<EsignStatus>;
  /** The empty accept the letter page sends after the frame said ESIGN (spec §4): confirms, changes nothing. */
  confirmSigned(scope: OfferScope, offerId: string, documentId: string): Promise<ActionResult>;
  /** Company side (the seed; no candidate route): withdraws an open offer. */
  cancel(scope: OfferScope, offerId: string): Promise<ActionResult>;
  verifyEvidence(offerId: string): Promise<ChainVerification>;
}

export interface OffersDeps {
  repository: OffersRepository;
  transaction<T>(work: (repository: OffersRepository) => Promise<T>): Promise<T>;
  clock: Clock;
  /** Event ids; random UUIDs, or a seeded sequence so the demo seed is the same row for row. */
  newId?: () => string;
}

/** A conditional write found the row changed under it: the other request won. */
class LostRaceError extends ConflictError {
  constructor() {
    super(refusalMessage('final', null));
  }
}

export const NOT_SIGNED_YET = 'This document has not been signed yet.';
export const NO_DOCUMENT_TO_UPLOAD = 'This offer has no document to upload a signed copy for.';

function refusalError(reason: TransitionRefusal, statusBefore: OfferState['status'] | null): AppError {
  return reason === 'not_found' ? new NotFoundError() : new ConflictError(refusalMessage(reason, statusBefore));
}

const stateOf = (offer: OfferRecord, documents: readonly DocumentRecord[]): OfferState => ({
  status: offer.status,
  expiresAt: offer.expiresAt,
  documents: documents.map((doc) => ({ id: doc.id, status: doc.status, signed: doc.signed })),
});

function eventFields(
  newId: () => string,
  offer: OfferRecord,
  type: OfferEventType,
  result: Pick<TransitionResult & { ok: true }, 'statusBefore' | 'statusAfter'>,
  now: Date,
  evidence: RequestEvidence | null,
  extra: Partial<Omit<OfferEventFields, 'id' | 'tenant_id' | 'candidate_id' | 'offer_id' | 'event_type'>> = {},
): OfferEventFields {
  // Every key present, null when absent: canonical JSON hashes exactly these fields (no undefined).
  return {
    id: newId(),
    tenant_id: offer.tenantId,
    candidate_id: offer.candidateId,
    offer_id: offer.id,
    document_id: null,
    event_type: type,
    status_before: result.statusBefore,
    status_after: result.statusAfter,
    occurred_at: now.getTime(),
    ip: evidence?.ip ?? null,
    user_agent: evidence?.userAgent ?? null,
    session_hash: evidence?.sessionHash ?? null,
    consent_version: null,
    consent_sha256: null,
    typed_signature: null,
    shown_document_sha256: null,
    result_document_sha256: null,
    decline_reason_code: null,
    decline_reason_text: null,
    ...extra,
  };
}

async function appendEvent(repository: OffersRepository, fields: OfferEventFields): Promise<OfferEventRow> {
  const head = await repository.chainHead(fields.offer_id);
  const row = sealEvent(fields, head?.hash ?? GENESIS_HASH);
  await repository.insertEvent(row, (head?.seq ?? 0) + 1);
  return row;
}

interface Step {
  repository: OffersRepository;
  offer: OfferRecord;
  documents: DocumentRecord[];
  result: TransitionResult & { ok: true };
}

function receiptOf(offerId: string, doc: DocumentRecord): SigningReceipt | null {
  const file = shownFile(doc);
  if (!doc.signed || doc.signedMethod === null || doc.signingEventId === null || doc.signedAt === null || file === null) return null;
  return {
    event_id: doc.signingEventId,
    method: doc.signedMethod,
    offer_id: offerId,
    document_id: doc.id,
    signed_at: doc.signedAt,
    document_sha256: file.sha256,
  };
}

/**
 * The receipt of an upload: the file exactly as received (its untouched byte prefix), a "Signed copy
 * received" stamp and the signing certificate, drawn from the stored signing event. The same inputs give
 * the same bytes, so it reads identically on every download without storing a second copy of the file.
 */
async function drawUploadReceipt(uploaded: Uint8Array, document: DocumentRecord, event: OfferEventRow): Promise<Uint8Array> {
  const { stampSignedPdf } = await loadSigning();
  const receipt = await stampSignedPdf({
    original: uploaded,
    signerName: document.signerName ?? '',
    signerEmail: document.signerEmail ?? '',
    signedAt: new Date(event.occurred_at),
    ip: event.ip ?? '',
    userAgent: event.user_agent ?? '',
    offerId: event.offer_id,
    documentId: document.id,
    method: 'upload',
    consentText: UPLOAD_STATEMENT.text,
    consentVersion: UPLOAD_STATEMENT.version,
  });
  return receipt.signedPdf;
}

export function createOffersService(deps: OffersDeps): OffersService {
  const { repository, clock } = deps;
  const newId = deps.newId ?? randomUUID;

  async function load(repo: OffersRepository, scope: OfferScope, offerId: string): Promise<OfferView | null> {
    const offer = await repo.findOffer(scope, offerId);
    return offer ? { offer, documents: await repo.listDocuments([offer.id]) } : null;
  }

  async function get(scope: OfferScope, offerId: string): Promise<OfferView> {
    const view = await repository.snapshot((repo) => load(repo, scope, offerId));
    if (!view) throw new NotFoundError();
    return view;
  }

  async function getDocument(scope: OfferScope, offerId: string, documentId: string) {
    const view = await get(scope, offerId);
    const document = view.documents.find((doc) => doc.id === documentId);
    if (!document) throw new NotFoundError();
    return { view, document };
  }

  /** Writes down an expiry the clock already shows (spec §4: enforced on write), in the caller's transaction. */
  async function recordExpiry(repo: OffersRepository, offer: OfferRecord, now: Date, evidence: RequestEvidence | null): Promise<void> {
    if ((await repo.updateOfferStatus(offer.id, 'Extended', 'Expired', now.toISOString())) === 0) return;
    await appendEvent(repo, eventFields(newId, offer, 'expired', { statusBefore: 'Extended', statusAfter: 'Expired' }, now, evidence));
  }

  /**
   * One transition in one transaction. A refusal commits nothing, except an expiry found on the way, which
   * is written down with its event before the 409 is thrown.
   */
  async function transact<T>(
    scope: OfferScope,
    offerId: string,
    action: OfferAction,
    now: Date,
    evidence: RequestEvidence | null,
    apply: (step: Step) => Promise<T>,
  ): Promise<T> {
    type Outcome = { done: true; value: T } | { done: false; refused: TransitionRefusal; statusBefore: OfferState['status'] | null };
    const outcome = await deps.transaction(async (repo): Promise<Outcome> => {
      const offer = await repo.lockOffer(scope, offerId);
      if (!offer) return { done: false, refused: 'not_found', statusBefore: null };
      const documents = await repo.listDocuments([offer.id]);
      const result = transition(stateOf(offer, documents), action, now);
      if (!result.ok) {
        if (result.reason === 'expired') await recordExpiry(repo, offer, now, evidence);
        return { done: false, refused: result.reason, statusBefore: result.statusBefore };
      }
      return { done: true, value: await apply({ repository: repo, offer, documents, result }) };
    });
    if (!outcome.done) throw refusalError(outcome.refused, outcome.statusBefore);
    return outcome.value;
  }

  /** The state change a signature makes, conditional on the status the transaction read. */
  async function writeTransition(step: Step, now: Date, decline?: DeclineReason): Promise<void> {
    const { repository: repo, offer, result } = step;
    if (result.statusAfter !== result.statusBefore) {
      const changed = await repo.updateOfferStatus(offer.id, result.statusBefore, result.statusAfter, now.toISOString(), decline);
      if (changed === 0) throw new LostRaceError();
    } else if (result.changed) {
      await repo.touchOffer(offer.id, now.toISOString());
    }
  }

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
    list(scope) {
      return repository.snapshot(async (repo) => {
        const offers = await repo.listOffers(scope);
        const documents = await repo.listDocuments(offers.map((offer) => offer.id));
        return offers.map((offer) => ({ offer, documents: documents.filter((doc) => doc.offerId === offer.id) }));
      });
    },

    get,
    getDocument,

    async readShownFiles(view, maxBytes) {
      const files = new Map<string, Uint8Array>();
      for (const doc of view.documents) {
        const file = shownFile(doc);
        if (file === null || file.size > maxBytes) continue;
        const bytes = await repository.readFile(view.offer.id, doc.id, file.kind);
        if (bytes) files.set(doc.id, bytes);
      }
      return files;
    },

    async readFile(scope, offerId, documentId, which) {
      const { document } = await getDocument(scope, offerId, documentId);
      // spec §5 "Download with no bytes: No offer letter content available".
      const missing = () => new NotFoundError('No offer letter content available');
      if (which === 'document') {
        const file = shownFile(document);
        const bytes = file && (await repository.readFile(offerId, documentId, file.kind));
        if (!bytes) throw missing();
        return bytes;
      }
      const source = receiptSource(document);
      const bytes = source && (await repository.readFile(offerId, documentId, source.file.kind));
      if (!source || !bytes) throw missing();
      if (!source.drawn) return bytes;
      const event = document.signingEventId === null ? null : await repository.findEvent(offerId, document.signingEventId);
      if (!event || document.signedAt === null) throw missing();
      return drawUploadReceipt(bytes, document, event.event);
    },

    async recordView(scope, evidence, offerId, documentId) {
      const view = await get(scope, offerId);
      const document = documentId === null ? null : view.documents.find((doc) => doc.id === documentId);
      if (document === undefined) throw new NotFoundError();
      // Only what was shown is evidence: a Pending document without a file shows nothing.
      const shown = document === null ? null : shownFile(document);
      if (document !== null && shown === null) return;
      const now = clock.now();
      await transact(scope, offerId, { type: 'view', documentId }, now, evidence, async ({ repository: repo, offer, result }) => {
        // First view per document and sitting: the chain records that it was seen, not every re-render.
        if (await repo.hasViewEvent(offer.id, documentId, evidence.sessionHash)) return;
        await appendEvent(repo, eventFields(newId, offer, 'viewed', result, now, evidence, { document_id: documentId, shown_document_sha256: shown?.sha256 ?? null }));
      });
    },

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

    async esignStatus(scope, offerId, documentId) {
      const { view, document } = await getDocument(scope, offerId, documentId);
      const latest = await repository.latestDocumentEvent(offerId, documentId, ['esigned', 'esign_rejected']);
      const decision: EsignDecision | null = latest === null ? null : latest.event.event_type === 'esigned' ? 'signed' : 'rejected';
      return { view, document, decision, receipt: receiptOf(offerId, document) };
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

    async verifyEvidence(offerId) {
      const events = await repository.listEvents(offerId);
      const gap = events.findIndex((stored, index) => stored.seq !== index + 1);
      if (gap !== -1) return { ok: false, brokenAt: gap, reason: 'previous_hash' };
      return verifyChain(events.map((stored) => stored.event));
    },
  };
}
