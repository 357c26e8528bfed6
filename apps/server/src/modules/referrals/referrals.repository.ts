import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DatabaseSchema, ReferralsTable } from '../../db/schema';
import { findCandidateByRef, type CandidateRef } from '../auth/candidate-ref';

export type ReferralRecord = Selectable<ReferralsTable>;
export type ReferralStatus = ReferralsTable['status'];

/** Referrals, always by tenant (and by the referred candidate for the candidate's reads). */
export interface ReferralsRepository {
  findCandidate(tenantId: string, ref: CandidateRef): Promise<{ id: string; email: string } | null>;
  findPosition(tenantId: string, id: number): Promise<{ id: number; title: string } | null>;
  insert(row: Insertable<ReferralsTable>): Promise<void>;
  update(tenantId: string, id: string, change: Updateable<ReferralsTable>): Promise<number>;
  find(tenantId: string, id: string): Promise<ReferralRecord | null>;
  /** Newest first; keyset paging in (createdAt desc, id desc) order. */
  list(tenantId: string, filters: { status?: ReferralStatus; candidateId?: string; limit: number; after?: { createdAt: string; id: string } }): Promise<ReferralRecord[]>;
  listForCandidate(tenantId: string, candidateId: string): Promise<ReferralRecord[]>;
}

export function createReferralsRepository(db: Kysely<DatabaseSchema>): ReferralsRepository {
  const byTenant = (tenantId: string) => db.selectFrom('referrals').selectAll().where('tenantId', '=', tenantId);
  return {
    findCandidate: (tenantId, ref) => findCandidateByRef(db, tenantId, ref),

    async findPosition(tenantId, id) {
      const row = await db.selectFrom('positions').select(['id', 'title']).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },

    async insert(row) {
      await db.insertInto('referrals').values(row).execute();
    },

    async update(tenantId, id, change) {
      const result = await db.updateTable('referrals').set(change).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async find(tenantId, id) {
      return (await byTenant(tenantId).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    list(tenantId, filters) {
      let query = byTenant(tenantId);
      if (filters.status !== undefined) query = query.where('status', '=', filters.status);
      if (filters.candidateId !== undefined) query = query.where('candidateId', '=', filters.candidateId);
      const after = filters.after;
      if (after !== undefined) {
        query = query.where((eb) => eb.or([eb('createdAt', '<', after.createdAt), eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)])]));
      }
      return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(filters.limit).execute();
    },

    listForCandidate: (tenantId, candidateId) => byTenant(tenantId).where('candidateId', '=', candidateId).orderBy('createdAt', 'desc').orderBy('id', 'desc').execute(),
  };
}
