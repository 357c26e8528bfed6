import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * Who and what an offer names, as the company refers to them (issue 10 "offers extend --candidate <email>
 * --position <id|externalRef>"): the tenant's candidate by id or email, the tenant's position by id or by the
 * company's own external id. Scoped by tenant in the query: another tenant's candidate or position is absent.
 * Part of OffersRepository, so extending an offer reads them in its own transaction.
 */

export interface OfferCandidate {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface OfferPosition {
  id: number;
  externalRef: string;
  title: string;
  archivedAt: string | null;
}

export type CandidateRef = { id: string } | { email: string };
export type PositionRef = { id: number } | { externalRef: string };

export interface OfferPartyQueries {
  findOfferCandidate(tenantId: string, ref: CandidateRef): Promise<OfferCandidate | null>;
  findOfferPosition(tenantId: string, ref: PositionRef): Promise<OfferPosition | null>;
}

export function createOfferPartyQueries(db: Kysely<DatabaseSchema>): OfferPartyQueries {
  return {
    async findOfferCandidate(tenantId, ref) {
      const query = db.selectFrom('candidates').select(['id', 'email', 'firstName', 'lastName']).where('tenantId', '=', tenantId);
      // Emails are stored lower-cased (candidates table).
      const row = await ('id' in ref ? query.where('id', '=', ref.id) : query.where('email', '=', ref.email.trim().toLowerCase())).executeTakeFirst();
      return row ?? null;
    },

    async findOfferPosition(tenantId, ref) {
      const query = db.selectFrom('positions').select(['id', 'externalRef', 'title', 'archivedAt']).where('tenantId', '=', tenantId);
      const row = await ('id' in ref ? query.where('id', '=', ref.id) : query.where('externalRef', '=', ref.externalRef)).executeTakeFirst();
      return row ?? null;
    },
  };
}
