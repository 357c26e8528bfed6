import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, PositionLocationsTable, PositionsTable } from '../../db/schema';
import { parseSkills, placesByPosition, POSITION_COLUMNS } from './positions.repository';

/** A position as the employer API reads it: every stored column but the main-place copy, and its places. */
export type AdminPositionRecord = Omit<Selectable<PositionsTable>, 'city' | 'region' | 'country' | 'lat' | 'lng' | 'skills'> & {
  skills: string[];
  locations: Omit<Selectable<PositionLocationsTable>, 'positionId' | 'tenantId' | 'ordinal'>[];
};

export interface AdminPositionsFilter {
  /** Only archived (true) or only open (false) positions; undefined: both. */
  archived?: boolean | undefined;
  externalRef?: string | undefined;
  /** Positions with an id above this one (the cursor). */
  afterId?: number | undefined;
  limit: number;
}

export interface PositionsAdminRepository {
  findById(tenantId: string, id: number): Promise<AdminPositionRecord | null>;
  /** The tenant's positions by ascending id. */
  list(tenantId: string, filter: AdminPositionsFilter): Promise<AdminPositionRecord[]>;
}

/** The site's columns and the company's own reference. */
const COLUMNS = [...POSITION_COLUMNS, 'externalRef'] as const;

export function createPositionsAdminRepository(db: Kysely<DatabaseSchema>): PositionsAdminRepository {
  async function withLocations(tenantId: string, rows: (Omit<AdminPositionRecord, 'locations' | 'skills'> & { skills: string })[]): Promise<AdminPositionRecord[]> {
    if (rows.length === 0) return [];
    const byPosition = await placesByPosition(db, tenantId, rows.map((row) => row.id));
    return rows.map((row) => ({ ...row, skills: parseSkills(row.skills), locations: byPosition.get(row.id) ?? [] }));
  }

  return {
    async findById(tenantId, id) {
      const row = await db.selectFrom('positions').select(COLUMNS).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst();
      return row ? ((await withLocations(tenantId, [row]))[0] ?? null) : null;
    },

    async list(tenantId, filter) {
      let query = db.selectFrom('positions').select(COLUMNS).where('tenantId', '=', tenantId);
      if (filter.archived === true) query = query.where('archivedAt', 'is not', null);
      if (filter.archived === false) query = query.where('archivedAt', 'is', null);
      if (filter.externalRef !== undefined) query = query.where('externalRef', '=', filter.externalRef);
      if (filter.afterId !== undefined) query = query.where('id', '>', filter.afterId);
      const rows = await query.orderBy('id').limit(filter.limit).execute();
      return withLocations(tenantId, rows);
    },
  };
}
