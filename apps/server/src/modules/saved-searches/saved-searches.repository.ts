import type { Kysely, Selectable } from 'kysely';
import { lockCandidate } from '../../db/candidate-lock';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema, SavedSearchesTable } from '../../db/schema';

export type SavedSearchRow = Selectable<SavedSearchesTable>;

/** saved_searches, always by tenant AND candidate (DESIGN "Tenancy"): another candidate's id finds nothing. */
export interface SavedSearchesRepository {
  /** In a transaction: the candidate's saves wait for each other, so the cap's count holds until the insert. */
  lockCandidate(tenantId: string, candidateId: string): Promise<void>;
  /** Oldest first (the order they were saved in). */
  list(tenantId: string, candidateId: string): Promise<SavedSearchRow[]>;
  count(tenantId: string, candidateId: string): Promise<number>;
  find(tenantId: string, candidateId: string, id: string): Promise<SavedSearchRow | null>;
  findBySearch(tenantId: string, candidateId: string, search: string): Promise<SavedSearchRow | null>;
  insert(row: SavedSearchRow): Promise<void>;
  /** Whether the candidate has that saved search (now changed). */
  update(tenantId: string, candidateId: string, id: string, changes: { name?: string; alertsEnabled?: boolean; updatedAt: string }): Promise<boolean>;
  remove(tenantId: string, candidateId: string, id: string): Promise<boolean>;
}

export function createSavedSearchesRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): SavedSearchesRepository {
  const mine = (tenantId: string, candidateId: string) =>
    db.selectFrom('savedSearches').selectAll().where('tenantId', '=', tenantId).where('candidateId', '=', candidateId);
  return {
    lockCandidate: (tenantId, candidateId) => lockCandidate(db, dialect, tenantId, candidateId),

    list: (tenantId, candidateId) => mine(tenantId, candidateId).orderBy('createdAt', 'asc').orderBy('id', 'asc').execute(),

    async count(tenantId, candidateId) {
      const row = await db
        .selectFrom('savedSearches')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async find(tenantId, candidateId, id) {
      return (await mine(tenantId, candidateId).where('id', '=', id).executeTakeFirst()) ?? null;
    },

    async findBySearch(tenantId, candidateId, search) {
      return (await mine(tenantId, candidateId).where('search', '=', search).executeTakeFirst()) ?? null;
    },

    async insert(row) {
      await db.insertInto('savedSearches').values(row).execute();
    },

    async update(tenantId, candidateId, id, changes) {
      const result = await db
        .updateTable('savedSearches')
        .set({
          updatedAt: changes.updatedAt,
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.alertsEnabled !== undefined ? { alertsEnabled: changes.alertsEnabled ? 1 : 0 } : {}),
        })
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(tenantId, candidateId, id) {
      const result = await db.deleteFrom('savedSearches').where('tenantId', '=', tenantId).where('candidateId', '=', candidateId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
