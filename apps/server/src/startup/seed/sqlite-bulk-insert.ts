import type SqliteDatabase from 'better-sqlite3';
import type { PostingsBuilder } from '../../search-engine/postings';
import { createSqliteSegmentWriter, type IndexablePosition } from '../../search-engine/search-index.writer';
import type { GeneratedPosition } from './positions';

/**
 * SQLite import path of insertPositions (P9: ≥ 5,000 positions/s with indexes): one prepared statement
 * per table on the raw connection, a transaction per batch. Kysely compiling 500-row inserts and SQLite
 * parsing them cost twice the inserts themselves. The columns are the generated row's own keys, so this
 * path writes exactly what the Kysely path (PostgreSQL) writes.
 */

/** Kysely's CamelCasePlugin naming: externalRef → external_ref. */
const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * `index` counts a position's words and adds its postings to `postings` (search-index.writer.ts
 * createBulkIndexer); the segments filled by a batch are written in its transaction.
 */
export function createSqlitePositionInserter(
  sqlite: SqliteDatabase.Database,
  index: (position: IndexablePosition) => void,
  postings: PostingsBuilder,
): (batch: readonly GeneratedPosition[]) => void {
  const positionStatements = new Map<string, { keys: string[]; statement: SqliteDatabase.Statement }>();
  const statementFor = (row: GeneratedPosition['row']) => {
    const keys = Object.keys(row);
    const signature = keys.join(',');
    let prepared = positionStatements.get(signature);
    if (!prepared) {
      const columns = keys.map(snakeCase);
      prepared = {
        keys,
        statement: sqlite.prepare(`insert into positions (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`),
      };
      positionStatements.set(signature, prepared);
    }
    return prepared;
  };
  const insertLocation = sqlite.prepare(
    'insert into position_locations (position_id, tenant_id, ordinal, city, region, country, lat, lng) values (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const writeSegments = createSqliteSegmentWriter(sqlite);

  // Rows, places and the postings segments they fill, in one transaction per batch.
  return sqlite.transaction((batch: readonly GeneratedPosition[]) => {
    for (const position of batch) {
      const { row } = position;
      const { keys, statement } = statementFor(row);
      const values = keys.map((key) => row[key as keyof typeof row]);
      const id = Number(statement.run(values).lastInsertRowid);
      for (const location of position.locations) {
        insertLocation.run(id, row.tenantId, location.ordinal, location.city, location.region, location.country, location.lat, location.lng);
      }
      index({ id, tenantId: row.tenantId, title: row.title, skills: position.skills, department: row.department, description: row.description });
    }
    writeSegments(postings.takeFull());
  });
}
