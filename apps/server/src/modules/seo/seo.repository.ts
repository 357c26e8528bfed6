import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

export interface SitemapPosition {
  id: number;
  updatedAt: string;
}

/** Open positions only: archived ones leave the sitemap (issue 3). */
export interface SeoRepository {
  countOpen(tenantId: string): Promise<number>;
  listOpen(tenantId: string, offset: number, limit: number): Promise<SitemapPosition[]>;
}

export function createSeoRepository(db: Kysely<DatabaseSchema>): SeoRepository {
  return {
    async countOpen(tenantId) {
      const row = await db
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('archivedAt', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    listOpen(tenantId, offset, limit) {
      return db
        .selectFrom('positions')
        .select(['id', 'updatedAt'])
        .where('tenantId', '=', tenantId)
        .where('archivedAt', 'is', null)
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute();
    },
  };
}
