import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** How much a tenant holds, for operators (issue 10 `tenant list|show`). */
export interface TenantCounts {
  openPositions: number;
  archivedPositions: number;
  candidates: number;
  offers: number;
}

export interface TenantOverviewRepository {
  /** Open positions per tenant id (tenants without any are absent). */
  openPositionsByTenant(): Promise<Map<string, number>>;
  counts(tenantId: string): Promise<TenantCounts>;
}

export function createTenantOverviewRepository(db: Kysely<DatabaseSchema>): TenantOverviewRepository {
  return {
    async openPositionsByTenant() {
      const rows = await db
        .selectFrom('positions')
        .select((eb) => ['tenantId', eb.fn.countAll<number>().as('count')])
        .where('archivedAt', 'is', null)
        .groupBy('tenantId')
        .execute();
      return new Map(rows.map((row) => [row.tenantId, Number(row.count)]));
    },
    async counts(tenantId) {
      const positions = await db
        .selectFrom('positions')
        .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.count<number>('archivedAt').as('archived')])
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow();
      const candidates = await db.selectFrom('candidates').select((eb) => eb.fn.countAll<number>().as('count')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
      const offers = await db.selectFrom('offers').select((eb) => eb.fn.countAll<number>().as('count')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow();
      return {
        openPositions: Number(positions.all) - Number(positions.archived),
        archivedPositions: Number(positions.archived),
        candidates: Number(candidates.count),
        offers: Number(offers.count),
      };
    },
  };
}
