import type SqliteDatabase from 'better-sqlite3';
import { createSqliteDocumentInserter, type VocabularyCounter } from '../../modules/search/search-index.writer';
import type { GeneratedPosition } from './positions';

/**
 * SQLite import path of insertPositions (P9: ≥ 5,000 positions/s with indexes): one prepared statement
 * per table on the raw connection, a transaction per batch. Kysely compiling 500-row inserts and SQLite
 * parsing them cost twice the inserts themselves. The columns are the generated row's own keys, so this
 * path writes exactly what the Kysely path (PostgreSQL) writes.
 */

/** Kysely's CamelCasePlugin naming: externalRef → external_ref. */
const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export function createSqlitePositionInserter(sqlite: SqliteDatabase.Database, vocabulary: VocabularyCounter): (batch: readonly GeneratedPosition[]) => void {
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
  const indexDocument = createSqliteDocumentInserter(sqlite, vocabulary);

  // Rows, places and full-text documents of a batch together, so search never sees half a position.
  return sqlite.transaction((batch: readonly GeneratedPosition[]) => {
    for (const position of batch) {
      const { row } = position;
      const { keys, statement } = statementFor(row);
      const values = keys.map((key) => row[key as keyof typeof row]);
      const id = Number(statement.run(values).lastInsertRowid);
      for (const location of position.locations) {
        insertLocation.run(id, row.tenantId, location.ordinal, location.city, location.region, location.country, location.lat, location.lng);
      }
      indexDocument({ id, tenantId: row.tenantId, title: row.title, skills: position.skills, department: row.department, description: row.description });
    }
  });
}
