import type { EsignDecision } from '@careers/contracts';
import { NotFoundError } from '../../errors';
import { UPLOAD_STATEMENT } from './offer-consent';
import type { OfferEventRow } from './offer-evidence';
import { receiptOf, receiptSource, shownFile } from './offer-files';
import { appendEvent, eventFields, type Transact } from './offer-transaction';
import type { DocumentRecord, OfferScope, OffersRepository } from './offers.repository';
import type { EsignStatus, OffersDeps, OfferView, RequestEvidence } from './offers.types';
import { loadSigning } from './signing-pdf.lazy';

/**
 * Reading offers (issue 8 §5: the offers service split by concern): the candidate's offers and documents,
 * their files and receipts, and the "viewed" evidence a shown letter leaves.
 */
export interface OffersReading {
  list(scope: OfferScope): Promise<OfferView[]>;
  /** The candidate's offer, or NotFound (also for another candidate's or tenant's id). */
  get(scope: OfferScope, offerId: string): Promise<OfferView>;
  getDocument(scope: OfferScope, offerId: string, documentId: string): Promise<{ view: OfferView; document: DocumentRecord }>;
  /** The bytes of the shown file of each document no larger than `maxBytes`. */
  readShownFiles(view: OfferView, maxBytes: number): Promise<Map<string, Uint8Array>>;
  /** The document's file to download, or the proof of its signing (drawn on request for an upload). */
  /** `locale`: the language an upload's receipt (drawn on request) is written in; English by default. */
  readFile(scope: OfferScope, offerId: string, documentId: string, which: 'document' | 'receipt', locale?: string): Promise<Uint8Array>;
  recordView(scope: OfferScope, evidence: RequestEvidence, offerId: string, documentId: string | null): Promise<void>;
  esignStatus(scope: OfferScope, offerId: string, documentId: string): Promise<EsignStatus>;
}

/**
 * The receipt of an upload: the file exactly as received (its untouched byte prefix), a "Signed copy
 * received" stamp and the signing certificate, drawn from the stored signing event. The same inputs give
 * the same bytes, so it reads identically on every download without storing a second copy of the file.
 */
async function drawUploadReceipt(uploaded: Uint8Array, document: DocumentRecord, event: OfferEventRow, locale: string | undefined): Promise<Uint8Array> {
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
    locale,
  });
  return receipt.signedPdf;
}

export function createOffersReading(deps: Pick<OffersDeps, 'repository' | 'clock'>, transact: Transact, newId: () => string): OffersReading {
  const { repository, clock } = deps;

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

    async readFile(scope, offerId, documentId, which, locale) {
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
      return drawUploadReceipt(bytes, document, event.event, locale);
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

    async esignStatus(scope, offerId, documentId) {
      const { view, document } = await getDocument(scope, offerId, documentId);
      const latest = await repository.latestDocumentEvent(offerId, documentId, ['esigned', 'esign_rejected']);
      const decision: EsignDecision | null = latest === null ? null : latest.event.event_type === 'esigned' ? 'signed' : 'rejected';
      return { view, document, decision, receipt: receiptOf(offerId, document) };
    },
  };
}
