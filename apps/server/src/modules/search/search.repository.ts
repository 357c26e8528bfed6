import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import type { IndexPlaceRow, IndexPositionRow } from './search-index';
import { createTextMatcher, type TextMatcher } from './text-match';

/** What search reads from the database; the rest happens in memory (search-index.ts). */
export interface SearchRepository {
  textMatcher: TextMatcher;
  /** The tenant's current search_index_versions value; '' before anything was indexed. */
  readVersion(tenantId: string): Promise<string>;
  /** Open positions (the covering index's columns) by id, and every place by position and ordinal. */
  loadIndexRows(tenantId: string): Promise<{ positions: IndexPositionRow[]; places: IndexPlaceRow[] }>;
  /**
   * Up to `limit` vocabulary words starting with `prefix` (the word itself included), in byte order:
   * typo tolerance asks whether a query word matches anything as typed.
   */
  findWordsStartingWith(tenantId: string, prefix: string, limit: number): Promise<string[]>;
  /** Vocabulary words sharing a deletion variant with the query word (fts-query.ts typo tolerance). */
  findTypoCandidates(tenantId: string, variants: readonly string[]): Promise<{ term: string; documents: number }[]>;
}

/** The smallest string greater than every string starting with `prefix` (a range scan's upper bound). */
const afterPrefix = (prefix: string): string => `${prefix}\u{10ffff}`;

export function createSearchRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): SearchRepository {
  return {
    textMatcher: createTextMatcher(db, dialect),

    async readVersion(tenantId) {
      const row = await db.selectFrom('searchIndexVersions').select('version').where('tenantId', '=', tenantId).executeTakeFirst();
      return row?.version ?? '';
    },

    async loadIndexRows(tenantId) {
      const positions = await db
        .selectFrom('positions')
        .select(['id', 'department', 'employmentType', 'seniority', 'isRemote', 'postedAt'])
        .where('tenantId', '=', tenantId)
        .where('archivedAt', 'is', null)
        .orderBy('id')
        .execute();
      const places = await db
        .selectFrom('positionLocations')
        .select(['positionId', 'city', 'region', 'country', 'lat', 'lng'])
        .where('tenantId', '=', tenantId)
        .orderBy('positionId')
        .orderBy('ordinal')
        .execute();
      return { positions, places };
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
