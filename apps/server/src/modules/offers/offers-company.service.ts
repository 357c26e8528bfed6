import type { OfferStatus } from '@careers/contracts';
import { NotFoundError } from '../../errors';
import { missingEvidence, type ChainVerification, type OfferEventRow } from './offer-evidence';
import type { OfferEvidenceService } from './offer-evidence.service';
import type { OffersReading } from './offers-reading.service';
import type { OffersSigning } from './offers-signing.service';
import type { OfferScope, OffersRepository } from './offers.repository';
import type { OfferView } from './offers.types';

/**
 * The company's view of its offers (issue 10 "Offers": read status, the signed PDF, the certificate and the
 * evidence chain with its verification result; cancel). Scoped by tenant only: the offer's own candidate is
 * looked up from the tenant's offer, then the candidate-side reads and the cancel transition run unchanged,
 * so the two sides can never disagree. Another tenant's offer id is NotFound (404).
 */

export interface OfferEvidenceReport {
  offerId: string;
  events: { seq: number; event: OfferEventRow; missing: (keyof OfferEventRow)[] }[];
  verification: ChainVerification;
}

export interface TenantOffersFilter {
  status?: OfferStatus;
  candidateId?: string;
  limit?: number;
  offset?: number;
}

export interface OffersCompany {
  listForTenant(tenantId: string, filter?: TenantOffersFilter): Promise<OfferView[]>;
  getForTenant(tenantId: string, offerId: string): Promise<OfferView>;
  cancelForTenant(tenantId: string, offerId: string): Promise<OfferView>;
  /** The signed document: the stamped PDF (its last page the certificate) or the upload as received. */
  signedPdf(tenantId: string, offerId: string, documentId: string): Promise<Uint8Array>;
  /** The signing certificate of a signed document (the first signed one when none is named). */
  certificate(tenantId: string, offerId: string, documentId?: string): Promise<{ documentId: string; pdf: Uint8Array }>;
  evidence(tenantId: string, offerId: string): Promise<OfferEvidenceReport>;
}

export const OFFERS_PAGE_MAX = 200;
export const NOT_SIGNED = 'This document has not been signed yet.';
export const NO_SIGNED_DOCUMENT = 'No document of this offer has been signed yet.';

export function createOffersCompany(
  repository: OffersRepository,
  reading: Pick<OffersReading, 'get' | 'readFile'>,
  signing: Pick<OffersSigning, 'cancel'>,
  evidence: OfferEvidenceService,
): OffersCompany {
  async function scopeOf(tenantId: string, offerId: string): Promise<OfferScope> {
    const offer = await repository.findTenantOffer(tenantId, offerId);
    if (!offer) throw new NotFoundError();
    return { tenantId, candidateId: offer.candidateId };
  }

  async function signedDocument(tenantId: string, offerId: string, documentId: string) {
    const scope = await scopeOf(tenantId, offerId);
    const view = await reading.get(scope, offerId);
    const document = view.documents.find((doc) => doc.id === documentId);
    if (!document) throw new NotFoundError();
    if (!document.signed) throw new NotFoundError(NOT_SIGNED);
    return { scope, document };
  }

  return {
    async listForTenant(tenantId, filter = {}) {
      const limit = Math.min(Math.max(1, filter.limit ?? 50), OFFERS_PAGE_MAX);
      return repository.snapshot(async (repo) => {
        const offers = await repo.listTenantOffers(tenantId, { status: filter.status, candidateId: filter.candidateId, limit, offset: Math.max(0, filter.offset ?? 0) });
        const documents = await repo.listDocuments(offers.map((offer) => offer.id));
        return offers.map((offer) => ({ offer, documents: documents.filter((doc) => doc.offerId === offer.id) }));
      });
    },

    async getForTenant(tenantId, offerId) {
      return reading.get(await scopeOf(tenantId, offerId), offerId);
    },

    async cancelForTenant(tenantId, offerId) {
      return (await signing.cancel(await scopeOf(tenantId, offerId), offerId)).view;
    },

    async signedPdf(tenantId, offerId, documentId) {
      const { scope } = await signedDocument(tenantId, offerId, documentId);
      return reading.readFile(scope, offerId, documentId, 'document');
    },

    async certificate(tenantId, offerId, documentId) {
      let chosen = documentId;
      if (chosen === undefined) {
        const view = await reading.get(await scopeOf(tenantId, offerId), offerId);
        chosen = view.documents.find((doc) => doc.signed)?.id;
        if (chosen === undefined) throw new NotFoundError(NO_SIGNED_DOCUMENT);
      }
      const { scope } = await signedDocument(tenantId, offerId, chosen);
      return { documentId: chosen, pdf: await reading.readFile(scope, offerId, chosen, 'receipt') };
    },

    async evidence(tenantId, offerId) {
      await scopeOf(tenantId, offerId);
      const events = await repository.listEvents(offerId);
      return {
        offerId,
        events: events.map((stored) => ({ seq: stored.seq, event: stored.event, missing: missingEvidence(stored.event) })),
        verification: await evidence.verifyEvidence(offerId),
      };
    },
  };
}
