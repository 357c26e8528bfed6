import type { Kysely } from 'kysely';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { storableIds } from '../positions/positions.repository';

export interface CartItemRecord {
  positionId: number;
  isArchived: boolean;
}

/** job_cart_items, always by tenant AND candidate (DESIGN "Tenancy"). */
export interface JobCartRepository {
  /** The cart, oldest addition first, with whether each position has since been archived. */
  list(tenantId: string, candidateId: string): Promise<CartItemRecord[]>;
  add(tenantId: string, candidateId: string, positionIds: readonly number[], at: string): Promise<void>;
  remove(tenantId: string, candidateId: string, positionIds: readonly number[]): Promise<void>;
  /** Which of `ids` are the tenant's positions, and whether each is archived. */
  findPositions(tenantId: string, ids: readonly number[]): Promise<Map<number, { isArchived: boolean }>>;
  /** In a transaction: makes the candidate's cart updates wait for each other, so the cap's count holds until the insert. */
  lockCandidate(tenantId: string, candidateId: string): Promise<void>;
}

export function createJobCartRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): JobCartRepository {
  return {
    lockCandidate: (tenantId, candidateId) => lockCandidate(db, dialect, tenantId, candidateId),

    async list(tenantId, candidateId) {
      const rows = await db
        .selectFrom('jobCartItems as item')
        .innerJoin('positions as position', (join) =>
          join.onRef('position.id', '=', 'item.positionId').onRef('position.tenantId', '=', 'item.tenantId'),
        )
        .select(['item.positionId', 'position.archivedAt'])
        .where('item.tenantId', '=', tenantId)
        .where('item.candidateId', '=', candidateId)
        .orderBy('item.createdAt')
        .orderBy('item.positionId')
        .execute();
      return rows.map((row) => ({ positionId: row.positionId, isArchived: row.archivedAt !== null }));
    },

    async add(tenantId, candidateId, positionIds, at) {
      if (positionIds.length === 0) return;
      await db
        .insertInto('jobCartItems')
        .values(positionIds.map((positionId) => ({ tenantId, candidateId, positionId, createdAt: at })))
        .onConflict((conflict) => conflict.columns(['tenantId', 'candidateId', 'positionId']).doNothing())
        .execute();
    },

    async remove(tenantId, candidateId, positionIds) {
      if (positionIds.length === 0) return;
      await db
        .deleteFrom('jobCartItems')
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('positionId', 'in', [...positionIds])
        .execute();
    },

    async findPositions(tenantId, requested) {
      const ids = storableIds(requested);
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('positions')
        .select(['id', 'archivedAt'])
        .where('tenantId', '=', tenantId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, { isArchived: row.archivedAt !== null }]));
    },
  };
}
