import type { Offer, OfferActionResponse, OfferDocument } from '@careers/contracts';

/** Test data in the wire shapes of packages/contracts/src/offers.ts. */
const DAY_MS = 86_400_000;

/** An ISO timestamp `days` from now (negative: in the past). */
export const daysFromNow = (days: number): string => new Date(Date.now() + days * DAY_MS).toISOString();

/** A tiny but real PDF header, base64: enough for download and decoding paths. */
export const LETTER_B64 = btoa('%PDF-1.7\n% offer letter\n%%EOF\n');

export function makeDocument(overrides: Partial<OfferDocument> = {}): OfferDocument {
  return {
    id: 'doc-letter',
    name: 'Offer letter',
    status: 'Unsigned',
    signed: false,
    url: null,
    b64_string: LETTER_B64,
    updated_at: '2025-03-01T10:00:00.000Z',
    expires_at: null,
    s3_path: null,
    ...overrides,
  };
}

export function makeOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'offer-1',
    status: 'Extended',
    position: { id: 'pos-1', name: 'Senior Robotics Engineer' },
    updated_at: '2025-03-01T10:00:00.000Z',
    expires_at: daysFromNow(5),
    offer_documents: [makeDocument()],
    ...overrides,
  };
}

/** The list answer: documents without their PDF bytes, as the server sends it. */
export function listBody(offers: Offer[]) {
  return {
    offers: offers.map((offer) => ({
      ...offer,
      offer_documents: offer.offer_documents.map(({ b64_string: _bytes, ...document }) => document),
    })),
  };
}

export function actionResponse(offer: Offer, documentId: string | null = 'doc-letter', message = 'Successfully submitted form for verification'): OfferActionResponse {
  return {
    offer,
    message,
    receipt: {
      event_id: 'evt-1',
      method: 'inline',
      offer_id: offer.id,
      document_id: documentId,
      signed_at: '2025-03-07T12:00:00.000Z',
      document_sha256: 'a'.repeat(64),
    },
  };
}
