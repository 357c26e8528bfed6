import type { DeclineReasonCode, SigningMethod } from '@careers/contracts';
import { ACME_DOMAIN, GLOBEX_DOMAIN } from './demo-tenants';

/**
 * The demo offers (DESIGN.md "Demo data"; issue 4 "Data"): every status for Ada, a document for each way of
 * signing (inline, upload, e-sign), a Pending one, plus Grace's and Hank's own offers for the authorisation
 * tests. Ids are fixed so the web, the e2e specs and people can name them. Days are relative to the seed's
 * reference date; `outcome` is reached through the offers service, so its evidence chain is real.
 */

export interface DemoDocument {
  id: string;
  name: string;
  /** Pending documents have no file yet ("Document being processed"). */
  status: 'Unsigned' | 'Pending';
  signingMode: SigningMethod;
  /** A Pending document's last update, in days from the reference date; null shows "Document being processed". */
  updatedDay?: number | null;
}

export type DemoOutcome =
  | { kind: 'open' }
  | { kind: 'signed'; day: number }
  | { kind: 'declined'; day: number; reasonCode: DeclineReasonCode; reasonText: string | null }
  | { kind: 'canceled'; day: number };

export interface DemoOffer {
  id: string;
  domain: string;
  email: string;
  positionName: string;
  salaryText: string;
  managerName: string;
  /** Days from the reference date. */
  createdDay: number;
  expiresDay: number | null;
  startDay: number;
  documents: DemoDocument[];
  outcome: DemoOutcome;
}

const letter = (offerId: string, signingMode: SigningMethod = 'inline'): DemoDocument => ({
  id: `doc-${offerId.replace(/^offer-/, '')}-letter`,
  name: 'Offer letter',
  status: 'Unsigned',
  signingMode,
});

export const DEMO_OFFERS: readonly DemoOffer[] = [
  {
    id: 'offer-ada-extended',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Senior Robotics Engineer',
    salaryText: '$148,000 per year',
    managerName: 'Margaret Hamilton',
    createdDay: -2,
    expiresDay: 12,
    startDay: 35,
    documents: [
      letter('offer-ada-extended'),
      { id: 'doc-ada-extended-benefits', name: 'Benefits enrolment', status: 'Pending', signingMode: 'inline', updatedDay: null },
    ],
    outcome: { kind: 'open' },
  },
  {
    id: 'offer-ada-esign',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Motion Planning Engineer',
    salaryText: '$139,500 per year',
    managerName: 'Katherine Johnson',
    createdDay: -1,
    expiresDay: 6,
    startDay: 28,
    documents: [letter('offer-ada-esign', 'esign')],
    outcome: { kind: 'open' },
  },
  {
    id: 'offer-ada-upload',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Controls Engineer',
    salaryText: '$131,000 per year',
    managerName: 'Hedy Lamarr',
    createdDay: -3,
    expiresDay: 4,
    startDay: 42,
    documents: [letter('offer-ada-upload', 'upload')],
    outcome: { kind: 'open' },
  },
  {
    id: 'offer-ada-expired',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Field Robotics Technician',
    salaryText: '$84,000 per year',
    managerName: 'Alan Turing',
    createdDay: -20,
    expiresDay: -5,
    startDay: 10,
    documents: [letter('offer-ada-expired')],
    outcome: { kind: 'open' },
  },
  {
    id: 'offer-ada-accepted',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Robotics Software Engineer',
    salaryText: '$142,000 per year',
    managerName: 'Grace Hopper',
    createdDay: -60,
    expiresDay: -46,
    startDay: -30,
    documents: [letter('offer-ada-accepted')],
    outcome: { kind: 'signed', day: -55 },
  },
  {
    id: 'offer-ada-declined',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Computer Vision Engineer',
    salaryText: '$136,000 per year',
    managerName: 'Fei-Fei Li',
    createdDay: -90,
    expiresDay: -76,
    startDay: -60,
    documents: [letter('offer-ada-declined')],
    outcome: { kind: 'declined', day: -85, reasonCode: 'location', reasonText: 'I would rather stay in London.' },
  },
  {
    id: 'offer-ada-canceled',
    domain: ACME_DOMAIN,
    email: 'ada@acme.example',
    positionName: 'Firmware Engineer',
    salaryText: '$127,000 per year',
    managerName: 'Dennis Ritchie',
    createdDay: -120,
    expiresDay: -106,
    startDay: -90,
    documents: [letter('offer-ada-canceled')],
    outcome: { kind: 'canceled', day: -110 },
  },
  {
    id: 'offer-grace-extended',
    domain: ACME_DOMAIN,
    email: 'grace@acme.example',
    positionName: 'Site Reliability Engineer',
    salaryText: '$151,000 per year',
    managerName: 'Barbara Liskov',
    createdDay: -1,
    expiresDay: 13,
    startDay: 30,
    documents: [letter('offer-grace-extended')],
    outcome: { kind: 'open' },
  },
  {
    id: 'offer-hank-extended',
    domain: GLOBEX_DOMAIN,
    email: 'hank@globex.example',
    positionName: 'Operations Director',
    salaryText: '$210,000 per year',
    managerName: 'Frank Grimes',
    createdDay: -4,
    expiresDay: 10,
    startDay: 40,
    documents: [letter('offer-hank-extended')],
    outcome: { kind: 'open' },
  },
];

/** The recorded context of the seeded signatures and refusals: a documentation address, a real browser. */
export const DEMO_EVIDENCE = {
  ip: '203.0.113.10',
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  sessionId: 'demo-seed-session',
} as const;

/** Offers created by `seed --bench-offers N` for the signing benchmark: a 10-page letter each. */
export const BENCH_OFFER = {
  idPrefix: 'offer-bench-',
  email: 'ada@acme.example',
  domain: ACME_DOMAIN,
  positionName: 'Principal Robotics Engineer',
  salaryText: '$185,000 per year',
  managerName: 'Margaret Hamilton',
  pages: 10,
  expiresDay: 30,
} as const;
