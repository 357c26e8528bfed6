import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, PositionLocationsTable, PositionsTable, WithBooleans } from '../../db/schema';

/**
 * A position as stored, with its places in ordinal order (camelCase; the presenter makes the wire shape):
 * the row without its import reference and main-place columns (the first of `locations`), skills parsed.
 */
export type PositionRecord = Omit<WithBooleans<Selectable<PositionsTable>>, 'externalRef' | 'skills' | 'city' | 'region' | 'country' | 'lat' | 'lng'> & {
  skills: string[];
  locations: Omit<Selectable<PositionLocationsTable>, 'positionId' | 'tenantId' | 'ordinal'>[];
};

export interface PositionUserActionSets {
  saved: Set<number>;
  inCart: Set<number>;
}

export interface CandidateProfileRecord {
  title: string | null;
  skills: string[];
}

export interface PositionsRepository {
  /** The tenant's positions version (search_index_versions, changed with every change of its positions); '' before any. */
  readVersion(tenantId: string): Promise<string>;
  /** Open or archived; null when the id is not the tenant's. */
  findById(tenantId: string, id: number): Promise<PositionRecord | null>;
  /** The tenant's positions among `ids`, in no particular order. */
  findByIds(tenantId: string, ids: readonly number[]): Promise<PositionRecord[]>;
  /** Which of `ids` the candidate saved or put in the cart. */
  findUserActions(tenantId: string, candidateId: string, ids: readonly number[]): Promise<PositionUserActionSets>;
  /** Positions (open and archived) in the tenant's department. */
  countInDepartment(tenantId: string, department: string): Promise<number>;
  findCandidateProfile(tenantId: string, candidateId: string): Promise<CandidateProfileRecord | null>;
  /** Issue 11: when each application to the position was submitted, from `since` on (withdrawn ones too: they applied). */
  applicationDates(tenantId: string, positionId: number, since: string): Promise<string[]>;
  /** Issue 11: days from submission to the move to `hired`, for the department's latest `limit` hires. */
  hireDurationsDays(tenantId: string, department: string, limit: number): Promise<number[]>;
}

export const POSITION_COLUMNS = [
  'id',
  'tenantId',
  'title',
  'department',
  'employmentType',
  'seniority',
  'description',
  'skills',
  'isRemote',
  'salaryMin',
  'salaryMax',
  'salaryCurrency',
  'postedAt',
  'validThrough',
  'archivedAt',
  'updatedAt',
] as const;

/**
 * Position ids are 32-bit on PostgreSQL (`integer`), so a larger id can name no position; comparing
 * one there would be a type error (a 500), not an empty answer. Ids past it are dropped before a query.
 */
const MAX_POSITION_ID = 2_147_483_647;
export const storableIds = (ids: readonly number[]): number[] => ids.filter((id) => Number.isInteger(id) && id > 0 && id <= MAX_POSITION_ID);

export function parseSkills(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The places of the tenant's positions `ids`, main place first, by position id. */
export async function placesByPosition(db: Kysely<DatabaseSchema>, tenantId: string, ids: readonly number[]): Promise<Map<number, PositionRecord['locations']>> {
  const places = await db
    .selectFrom('positionLocations')
    .select(['positionId', 'city', 'region', 'country', 'lat', 'lng'])
    .where('tenantId', '=', tenantId)
    .where('positionId', 'in', ids)
    .orderBy('positionId')
    .orderBy('ordinal')
    .execute();
  const byPosition = new Map<number, PositionRecord['locations']>();
  for (const { positionId, ...place } of places) byPosition.set(positionId, [...(byPosition.get(positionId) ?? []), place]);
  return byPosition;
}

export function createPositionsRepository(db: Kysely<DatabaseSchema>): PositionsRepository {
  async function withLocations(tenantId: string, requested: readonly number[]): Promise<PositionRecord[]> {
    const ids = storableIds(requested);
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('positions')
      .select(POSITION_COLUMNS)
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
    if (rows.length === 0) return [];
    const byPosition = await placesByPosition(db, tenantId, rows.map((row) => row.id));
    return rows.map((row) => ({
      ...row,
      skills: parseSkills(row.skills),
      isRemote: row.isRemote === 1,
      locations: byPosition.get(row.id) ?? [],
    }));
  }

  return {
    async readVersion(tenantId) {
      const row = await db.selectFrom('searchIndexVersions').select('version').where('tenantId', '=', tenantId).executeTakeFirst();
      return row?.version ?? '';
    },

    async findById(tenantId, id) {
      return (await withLocations(tenantId, [id]))[0] ?? null;
    },

    findByIds: withLocations,

    async findUserActions(tenantId, candidateId, requested) {
      const ids = storableIds(requested);
      if (ids.length === 0) return { saved: new Set(), inCart: new Set() };
      const [saved, inCart] = await Promise.all(
        (['savedPositions', 'jobCartItems'] as const).map((table) =>
          db
            .selectFrom(table)
            .select('positionId')
            .where('tenantId', '=', tenantId)
            .where('candidateId', '=', candidateId)
            .where('positionId', 'in', ids)
            .execute(),
        ),
      );
      return {
        saved: new Set((saved ?? []).map((row) => row.positionId)),
        inCart: new Set((inCart ?? []).map((row) => row.positionId)),
      };
    },

    async countInDepartment(tenantId, department) {
      const row = await db
        .selectFrom('positions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('tenantId', '=', tenantId)
        .where('department', '=', department)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async findCandidateProfile(tenantId, candidateId) {
      const row = await db
        .selectFrom('candidateProfiles')
        .select(['headline as title', 'skills'])
        .where('tenantId', '=', tenantId)
        .where('candidateId', '=', candidateId)
        .executeTakeFirst();
      return row ? { title: row.title, skills: parseSkills(row.skills) } : null;
    },

    async applicationDates(tenantId, positionId, since) {
      const rows = await db
        .selectFrom('applications')
        .select('submittedAt')
        .where('tenantId', '=', tenantId)
        .where('positionId', '=', positionId)
        .where('submittedAt', '>=', since)
        .execute();
      return rows.map((row) => row.submittedAt);
    },

    async hireDurationsDays(tenantId, department, limit) {
      const rows = await db
        .selectFrom('applicationStageEvents as event')
        .innerJoin('applications as application', (join) =>
          join.onRef('application.id', '=', 'event.applicationId').onRef('application.tenantId', '=', 'event.tenantId'),
        )
        .innerJoin('positions as position', (join) =>
          join.onRef('position.id', '=', 'application.positionId').onRef('position.tenantId', '=', 'application.tenantId'),
        )
        .select(['application.submittedAt', 'event.occurredAt'])
        .where('event.tenantId', '=', tenantId)
        .where('event.toStage', '=', 'hired')
        .where('position.department', '=', department)
        .orderBy('event.occurredAt', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => (Date.parse(row.occurredAt) - Date.parse(row.submittedAt)) / 86_400_000).filter((days) => Number.isFinite(days) && days >= 0);
    },
  };
}
