import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../database';
import { normalizeSearchText } from './normalise';
import { idsToBytes, impactsToBytes, PostingsBuilder, type NormalisedText, type PostingSegment } from './postings';

/**
 * Migration 0006's frozen copy of the engine's postings rebuild (search-engine/search-index.writer.ts as
 * of issue 8): the backfill writes exactly what the engine of 0006's time wrote, whatever the live engine
 * does later (issue 8 §5: a migration's history is frozen). Raw SQL on the migration's connection (no
 * CamelCasePlugin): every selected column is one lower-case word.
 */

/** Rows per multi-row insert: 500 × 6 parameters stays far under both dialects' limits. */
const BATCH_ROWS = 500;
/** Segment bytes per multi-row insert (ids and impacts): bounds one statement's size. */
const SEGMENT_INSERT_BYTES = 8 * 1024 * 1024;
/** Positions read per query when a tenant's postings are rebuilt. */
const REBUILD_CHUNK_ROWS = 5000;

type Executor = Kysely<unknown>;

interface PositionText {
  title: string;
  skills: readonly string[];
  department: string;
  description: string;
}

/** A position's text as the postings read it. */
function normalisePosition(position: PositionText): NormalisedText {
  return {
    title: normalizeSearchText(position.title),
    skills: normalizeSearchText(position.skills.join(' ')),
    department: normalizeSearchText(position.department),
    description: normalizeSearchText(position.description),
  };
}

/** New segment rows, a few megabytes per statement. */
async function insertSegments(db: Executor, segments: readonly PostingSegment[]): Promise<void> {
  let pending: PostingSegment[] = [];
  let bytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const rows = pending.map(
      (segment) =>
        sql`(${segment.tenantId}, ${segment.field}, ${segment.word}, ${segment.ids[segment.ids.length - 1] ?? 0}, ${idsToBytes(segment.ids)}, ${impactsToBytes(segment.impacts)})`,
    );
    await sql`insert into position_search_terms (tenant_id, field, word, last_id, ids, impacts) values ${sql.join(rows)}`.execute(db);
    pending = [];
    bytes = 0;
  };
  for (const segment of segments) {
    pending.push(segment);
    bytes += segment.ids.byteLength + segment.impacts.byteLength;
    if (pending.length === BATCH_ROWS || bytes >= SEGMENT_INSERT_BYTES) await flush();
  }
  await flush();
}

/**
 * PostgreSQL: one writer of a tenant's postings at a time (read the last segment, append, write it
 * back); SQLite has a single writer anyway.
 */
async function lockTenantPostings(db: Executor, dialect: Dialect, tenantId: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`position_search_terms:${tenantId}`}))`.execute(db);
}

/**
 * Rebuilds a tenant's postings from its positions rows (every position, archived ones included: the
 * in-memory index filters those).
 */
export async function rebuildTenantPostings(db: Executor, dialect: Dialect, tenantId: string): Promise<void> {
  await lockTenantPostings(db, dialect, tenantId);
  await sql`delete from position_search_terms where tenant_id = ${tenantId}`.execute(db);
  const builder = new PostingsBuilder();
  for (let after = 0; ; ) {
    const { rows } = await sql<{ id: number; title: string; skills: string; department: string; description: string }>`
      select id, title, skills, department, description from positions
      where tenant_id = ${tenantId} and id > ${after} order by id limit ${REBUILD_CHUNK_ROWS}`.execute(db);
    for (const row of rows) {
      const skills = JSON.parse(row.skills) as string[];
      builder.add(Number(row.id), tenantId, normalisePosition({ title: row.title, skills: Array.isArray(skills) ? skills : [], department: row.department, description: row.description }));
    }
    await insertSegments(db, builder.takeFull());
    if (rows.length < REBUILD_CHUNK_ROWS) break;
    after = Number(rows[rows.length - 1]?.id ?? after);
  }
  await insertSegments(db, builder.takeAll());
}

