import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import type { IndexPlaceRow, IndexPositionRow } from '../../search-engine/search-index';
import type { ChangedPositions } from '../../search-engine/search-index.patch';
import { createTextMatcher, type TextMatcher } from '../../search-engine/postings-matcher';

/** What search reads from the database; the rest happens in memory (search-index.ts). */
export interface SearchRepository {
  textMatcher: TextMatcher;
  /** The tenant's current search_index_versions value; '' before anything was indexed. */
  readVersion(tenantId: string): Promise<string>;
  /**
   * Feeds `sink` the tenant's open positions (the covering index's columns), ascending by id, a chunk at
   * a time, each chunk followed by its positions' places by position and ordinal (search-index.ts
   * SearchIndexBuilder).
   */
  loadIndexRows(tenantId: string, sink: IndexRowSink): Promise<void>;
  /** The index rows of these positions that are open, ascending, with their places (search-index.patch.ts). */
  loadChangedRows(tenantId: string, ids: readonly number[]): Promise<ChangedPositions>;
  /**
   * Up to `limit` vocabulary words starting with `prefix` (the word itself included), in byte order:
   * typo tolerance asks whether a query word matches anything as typed.
   */
  findWordsStartingWith(tenantId: string, prefix: string, limit: number): Promise<string[]>;
  /** Vocabulary words sharing a deletion variant with the query word (search-engine/search-terms.ts typo tolerance). */
  findTypoCandidates(tenantId: string, variants: readonly string[]): Promise<{ term: string; documents: number }[]>;
}

export interface IndexRowSink {
  addPositions(rows: readonly IndexPositionRow[]): void;
  addPlaces(rows: readonly IndexPlaceRow[]): void;
}

/**
 * Positions per chunk: a chunk's rows exist as objects (and its JSON as text) at once, the index only as
 * typed arrays. 10k kept RSS about 50 MB lower at 100k positions than 50k chunks, at the same CPU cost.
 */
export const INDEX_CHUNK_ROWS = 10_000;

/** The smallest string greater than every string starting with `prefix` (a range scan's upper bound). */
const afterPrefix = (prefix: string): string => `${prefix}\u{10ffff}`;

/** The rows' columns as one JSON array of arrays (an empty array for no rows). */
function jsonArrayAggregate(dialect: Dialect) {
  return (columns: RawBuilder<unknown>): RawBuilder<unknown> =>
    dialect === 'sqlite' ? sql`json_group_array(json_array(${columns}))` : sql`coalesce(json_agg(json_build_array(${columns})), '[]'::json)`;
}

/** SQLite returns the JSON as text; PostgreSQL's driver has parsed it already. */
function jsonRows<Row>(value: unknown): Row[] {
  const rows: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}

/**
 * The rows sorted by `compare` — as they almost always come already (an aggregate over an ordered scan),
 * which is checked rather than assumed: SQL promises no order to an aggregate's input.
 */
function inOrder<Row>(rows: Row[], compare: (a: Row, b: Row) => number): Row[] {
  for (let at = 1; at < rows.length; at += 1) if (compare(rows[at - 1] as Row, rows[at] as Row) > 0) return rows.sort(compare);
  return rows;
}

export function createSearchRepository(db: Kysely<DatabaseSchema>, dialect: Dialect, { indexChunkRows = INDEX_CHUNK_ROWS } = {}): SearchRepository {
  const raw = db.withoutPlugins();
  const aggregate = jsonArrayAggregate(dialect);
  return {
    textMatcher: createTextMatcher(db, dialect),

    async readVersion(tenantId) {
      const row = await db.selectFrom('searchIndexVersions').select('version').where('tenantId', '=', tenantId).executeTakeFirst();
      return row?.version ?? '';
    },

    async loadIndexRows(tenantId, sink) {
      // Each chunk as one JSON document rather than a row per position (P10: a row costs the driver
      // more than the index build spends on it). SQLite's planner would walk the table by rowid for the
      // id range; the covering index holds the same order and none of the descriptions.
      const positionSource = dialect === 'sqlite' ? sql`positions indexed by positions_search_facets_idx` : sql`positions`;
      for (let after = 0; ; ) {
        const positionTuples = await sql<{ rows: unknown }>`
          select ${aggregate(sql`id, department, employment_type, seniority, is_remote, posted_at`)} as rows
          from (
            select id, department, employment_type, seniority, is_remote, posted_at from ${positionSource}
            where tenant_id = ${tenantId} and archived_at is null and id > ${after}
            order by id limit ${indexChunkRows}
          ) as chunk`.execute(raw);
        const positions = inOrder(
          jsonRows<[number, string, string, string, number, string]>(positionTuples.rows[0]?.rows),
          (a, b) => a[0] - b[0],
        ).map(([id, department, employmentType, seniority, isRemote, postedAt]) => ({ id, department, employmentType, seniority, isRemote, postedAt }));
        const first = positions[0]?.id;
        const last = positions[positions.length - 1]?.id;
        if (first === undefined || last === undefined) return;
        sink.addPositions(positions);
        const placeTuples = await sql<{ rows: unknown }>`
          select ${aggregate(sql`position_id, ordinal, city, region, country, lat, lng`)} as rows
          from position_locations where tenant_id = ${tenantId} and position_id between ${first} and ${last}`.execute(raw);
        const places = inOrder(
          jsonRows<[number, number, string, string | null, string, number, number]>(placeTuples.rows[0]?.rows),
          (a, b) => a[0] - b[0] || a[1] - b[1],
        );
        sink.addPlaces(places.map(([positionId, , city, region, country, lat, lng]) => ({ positionId, city, region, country, lat, lng })));
        if (positions.length < indexChunkRows) return;
        after = last;
      }
    },

    async loadChangedRows(tenantId, ids) {
      const wanted = ids.filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);
      if (wanted.length === 0) return { ids, positions: [], places: [] };
      const rows = await db
        .selectFrom('positions')
        .select(['id', 'department', 'employmentType', 'seniority', 'isRemote', 'postedAt'])
        .where('tenantId', '=', tenantId)
        .where('archivedAt', 'is', null)
        .where('id', 'in', wanted)
        .orderBy('id')
        .execute();
      const open = rows.map((row) => row.id);
      const places =
        open.length === 0
          ? []
          : await db
              .selectFrom('positionLocations')
              .select(['positionId', 'city', 'region', 'country', 'lat', 'lng'])
              .where('tenantId', '=', tenantId)
              .where('positionId', 'in', open)
              .orderBy('positionId')
              .orderBy('ordinal')
              .execute();
      return { ids, positions: rows.map((row) => ({ ...row, isRemote: Number(row.isRemote) })), places };
    },

    async findWordsStartingWith(tenantId, prefix, limit) {
      const rows = await db
        .selectFrom('searchTermDeletes')
        .select('term')
        .where('tenantId', '=', tenantId)
        .where('variant', '>=', prefix)
        .where('variant', '<', afterPrefix(prefix))
        .whereRef('variant', '=', 'term')
        .orderBy('variant')
        .limit(limit)
        .execute();
      return rows.map((row) => row.term);
    },

    async findTypoCandidates(tenantId, variants) {
      if (variants.length === 0) return [];
      return db
        .selectFrom('searchTermDeletes')
        .select(['term', 'documents'])
        .where('tenantId', '=', tenantId)
        .where('variant', 'in', [...variants])
        .execute();
    },
  };
}
