import { profileFullName } from '@careers/contracts';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock';
import { createCandidatesRepository } from '../../modules/auth/candidates.repository';
import type { OfferLetterInput } from '../../modules/pdf/offer-letter.pdf';
import { sha256Hex } from '../../modules/offers/offer-evidence';
import { createOffersRepository, offersTransaction } from '../../modules/offers/offers.repository';
import { createOffersService, type OffersService, type Signer } from '../../modules/offers/offers.service';
import type { Tenant } from '../../modules/tenants/tenants.service';
import type { Database } from '../../db/database';
import { createAppendOnlyTriggers, dropAppendOnlyTriggers } from '../../db/migrations/0003-offers';
import { BENCH_OFFER, DEMO_EVIDENCE, DEMO_OFFERS, type DemoOffer } from './demo-offers';
import { SeededRandom } from './random';

/** Its own generator, so offers stay the same whatever other seed steps draw before them. */
const OFFERS_SEED = 4_081_965;
const DAY_MS = 86_400_000;

export interface OfferSeedOptions {
  tenantsByDomain: ReadonlyMap<string, Tenant>;
  referenceDate: Date;
  /** Extra Extended offers with a 10-page letter for Ada (bench/offer-signing.mjs). */
  benchOffers?: number;
}

export interface OfferSeedSummary {
  offers: number;
  ms: number;
}

/**
 * Letters by their inputs: identical inputs give identical bytes (fixed issue date), so a letter is drawn
 * once per process — the bench offers share one 10-page letter, and a test file seeding both dialects
 * renders each demo letter once.
 */
const letterCache = new Map<string, Promise<Uint8Array>>();
function letterPdf(input: OfferLetterInput): Promise<Uint8Array> {
  const key = JSON.stringify(input);
  let letter = letterCache.get(key);
  if (!letter) {
    // Loaded here, not at start: the server only seeds once, and pdf-lib is slow to load (P10).
    letter = import('../../modules/pdf/offer-letter.pdf').then(({ renderOfferLetterPdf }) => renderOfferLetterPdf(input));
    letterCache.set(key, letter);
  }
  return letter;
}

const dayAt = (reference: Date, day: number): Date => new Date(reference.getTime() + day * DAY_MS);

/**
 * Seeds the demo offers (demo-offers.ts) after the tenants and candidates exist. Offers are inserted as
 * the company would issue them (Extended, with their letters); outcomes then go through the offers
 * service at their own dates, so signed PDFs, decline reasons and the evidence chain are the real thing.
 */
export async function seedOffers(database: Database, options: OfferSeedOptions): Promise<OfferSeedSummary> {
  const started = Date.now();
  const { referenceDate } = options;
  const random = new SeededRandom(OFFERS_SEED);
  const repository = createOffersRepository(database.db, database.dialect);
  const signers = new Map<string, Signer>();

  async function signerFor(domain: string, email: string): Promise<Signer> {
    const key = `${domain} ${email}`;
    const known = signers.get(key);
    if (known) return known;
    const tenant = options.tenantsByDomain.get(domain);
    const found = tenant ? await createCandidatesRepository(database.db, database.dialect).findByEmail(tenant.id, email) : null;
    if (!tenant || !found) throw new Error(`Demo offer for ${email} at ${domain}: no such candidate`);
    const signer: Signer = {
      tenantId: tenant.id,
      candidateId: found.candidate.id,
      email: found.candidate.email,
      fullName: profileFullName(found.candidate.firstName, found.candidate.lastName),
    };
    signers.set(key, signer);
    return signer;
  }

  const serviceAt = (at: Date): OffersService =>
    createOffersService({
      repository,
      transaction: offersTransaction(database),
      clock: { now: () => at } satisfies Clock,
      newId: () => random.uuid(),
    });
  const evidence = { ip: DEMO_EVIDENCE.ip, userAgent: DEMO_EVIDENCE.userAgent, sessionHash: sha256Hex(sha256Hex(DEMO_EVIDENCE.sessionId)) };

  async function issue(offer: DemoOffer, signer: Signer, companyName: string): Promise<void> {
    const createdAt = dayAt(referenceDate, offer.createdDay).toISOString();
    const expiresAt = offer.expiresDay === null ? null : dayAt(referenceDate, offer.expiresDay);
    await repository.insertOffer({
      id: offer.id,
      tenantId: signer.tenantId,
      candidateId: signer.candidateId,
      positionId: null,
      positionName: offer.positionName,
      status: 'Extended',
      createdAt,
      updatedAt: createdAt,
      expiresAt: expiresAt?.toISOString() ?? null,
    });
    for (const [index, document] of offer.documents.entries()) {
      const pdf =
        document.status === 'Pending'
          ? null
          : await letterPdf({
              companyName,
              candidateName: signer.fullName ?? signer.email,
              positionName: offer.positionName,
              salaryText: offer.salaryText,
              startDate: dayAt(referenceDate, offer.startDay),
              managerName: offer.managerName,
              offerId: offer.id,
              issuedAt: new Date(createdAt),
              expiresAt,
            });
      await repository.insertDocument({
        id: document.id,
        offerId: offer.id,
        sortOrder: index,
        name: document.name,
        status: document.status,
        signingMode: document.signingMode,
        originalPdf: pdf,
        originalSha256: pdf ? sha256Hex(pdf) : null,
        updatedAt: document.status === 'Pending' ? pendingUpdatedAt(document.updatedDay) : createdAt,
        expiresAt: document.status === 'Pending' ? null : (expiresAt?.toISOString() ?? null),
      });
    }
  }

  /** spec §4: a Pending document without a date reads "Document being processed". */
  const pendingUpdatedAt = (day: number | null | undefined): string | null =>
    day === null || day === undefined ? null : dayAt(referenceDate, day).toISOString();

  async function settle(offer: DemoOffer, signer: Signer): Promise<void> {
    const outcome = offer.outcome;
    switch (outcome.kind) {
      case 'open':
        return;
      case 'signed': {
        const service = serviceAt(dayAt(referenceDate, outcome.day));
        const documentId = offer.documents[0]?.id ?? null;
        await service.recordView(signer, evidence, offer.id, documentId);
        await service.signTyped(signer, evidence, offer.id, documentId, signer.fullName ?? '', 'inline');
        return;
      }
      case 'declined':
        await serviceAt(dayAt(referenceDate, outcome.day)).decline(signer, evidence, offer.id, { code: outcome.reasonCode, text: outcome.reasonText });
        return;
      case 'canceled':
        await serviceAt(dayAt(referenceDate, outcome.day)).cancel(signer, offer.id);
        return;
    }
  }

  for (const offer of DEMO_OFFERS) {
    const signer = await signerFor(offer.domain, offer.email);
    const tenant = options.tenantsByDomain.get(offer.domain) as Tenant;
    await issue(offer, signer, tenant.companyName);
    await settle(offer, signer);
  }

  const benchCount = options.benchOffers ?? 0;
  if (benchCount > 0) {
    const signer = await signerFor(BENCH_OFFER.domain, BENCH_OFFER.email);
    const tenant = options.tenantsByDomain.get(BENCH_OFFER.domain) as Tenant;
    const expiresAt = dayAt(referenceDate, BENCH_OFFER.expiresDay);
    const letter = await letterPdf({
      companyName: tenant.companyName,
      candidateName: signer.fullName ?? signer.email,
      positionName: BENCH_OFFER.positionName,
      salaryText: BENCH_OFFER.salaryText,
      startDate: dayAt(referenceDate, 45),
      managerName: BENCH_OFFER.managerName,
      offerId: `${BENCH_OFFER.idPrefix}letter`,
      pages: BENCH_OFFER.pages,
      issuedAt: referenceDate,
      expiresAt,
    });
    const letterSha256 = sha256Hex(letter);
    const createdAt = referenceDate.toISOString();
    for (let index = 1; index <= benchCount; index++) {
      const id = `${BENCH_OFFER.idPrefix}${String(index).padStart(5, '0')}`;
      await repository.insertOffer({
        id,
        tenantId: signer.tenantId,
        candidateId: signer.candidateId,
        positionId: null,
        positionName: BENCH_OFFER.positionName,
        status: 'Extended',
        createdAt,
        updatedAt: createdAt,
        expiresAt: expiresAt.toISOString(),
      });
      await repository.insertDocument({
        id: `doc-bench-${String(index).padStart(5, '0')}`,
        offerId: id,
        sortOrder: 0,
        name: 'Offer letter',
        status: 'Unsigned',
        signingMode: 'inline',
        originalPdf: letter,
        originalSha256: letterSha256,
        updatedAt: createdAt,
        expiresAt: expiresAt.toISOString(),
      });
    }
  }

  return { offers: DEMO_OFFERS.length + benchCount, ms: Date.now() - started };
}

/**
 * Empties the offer tables for `seed --reset`. The evidence table refuses DELETE by trigger, so the triggers
 * are lifted for the purge and restored in the same transaction (PostgreSQL: TRUNCATE, which row triggers
 * do not see). This is the one place evidence is ever removed: wiping a demo database.
 */
export async function purgeOffers(database: Database): Promise<void> {
  if (database.dialect === 'postgres') {
    await sql`truncate table esign_tokens, offer_events, offer_documents, offers`.execute(database.db);
    return;
  }
  await database.db.transaction().execute(async (trx) => {
    const raw = trx.withoutPlugins() as unknown as Kysely<unknown>;
    await dropAppendOnlyTriggers(raw, 'sqlite');
    for (const table of ['esign_tokens', 'offer_events', 'offer_documents', 'offers']) {
      await sql`delete from ${sql.table(table)}`.execute(raw);
    }
    await createAppendOnlyTriggers(raw, 'sqlite');
  });
}
