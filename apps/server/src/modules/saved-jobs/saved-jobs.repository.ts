import type { Kysely } from 'kysely';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';

/** saved_positions, always by tenant AND candidate (DESIGN "Tenancy"). */
export interface SavedJobsRepository {
  /** True when a row was added (false: it was saved already). */
  save(tenantId: string, candidateId: string, positionId: number, at: string): Promise<boolean>;
  unsave(tenantId: string, candidateId: string, positionId: number): Promise<void>;
  count(tenantId: string, candidateId: string): Promise<number>;
  /** In a transaction: makes the candidate's saves wait for each other, so the cap's count holds until the insert. */
  lockCandidate(tenantId: string, candidateId: string): Promise<void>;
  /** Saved position ids, newest save first (ties: higher id first). */
  listIds(tenantId: string, candidateId: string): Promise<number[]>;
}

export function createSavedJobsRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): SavedJobsRepository {
  return {
    lockCandidate: (tenantId, candidateId) => lockCandidate(db, dialect, tenantId, candidateId),

    async save(tenantId, candidateId, positionId, at) {
      const result = await db
        .insertInto('savedPositions')
        .values({ tenantId, candidateId, positionId, createdAt: at })
        .onConflict((conflict) => conflict.columns(['tenantId', 'candidateId', 'positionId']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async unsave(tenantId, candidateId, positionId) {
      await db
        .deleteFrom('savedPositions')
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('positionId', '=', positionId)
        .execute();
    },

    async count(tenantId, candidateId) {
      const row = await db
        .selectFrom('savedPositions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async listIds(tenantId, candidateId) {
      const rows = await db
        .selectFrom('savedPositions')
        .select('positionId')
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .orderBy('createdAt', 'desc')
        .orderBy('positionId', 'desc')
        .execute();
      return rows.map((row) => row.positionId);
    },
  };
}
