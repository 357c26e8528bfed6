import { verifyChain, type ChainVerification } from './offer-evidence';
import type { OffersRepository } from './offers.repository';

/** Checking an offer's evidence chain (QUALITY.md "Signing evidence", T14; issue 8 §5: its own concern). */
export interface OfferEvidenceService {
  verifyEvidence(offerId: string): Promise<ChainVerification>;
}

export function createOfferEvidenceService(repository: OffersRepository): OfferEvidenceService {
  return {
    async verifyEvidence(offerId) {
      const events = await repository.listEvents(offerId);
      // A missing sequence number is a removed event, whatever the hashes of the rest say.
      const gap = events.findIndex((stored, index) => stored.seq !== index + 1);
      if (gap !== -1) return { ok: false, brokenAt: gap, reason: 'previous_hash' };
      return verifyChain(events.map((stored) => stored.event));
    },
  };
}
