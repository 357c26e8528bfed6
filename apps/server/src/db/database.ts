import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDialectConfig } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import type { DatabaseSchema } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: Dialect;
  /**
   * SQLite: the connection Kysely runs on, for bulk imports only (P9: prepared statements cost a
   * third of Kysely's multi-row inserts). Statements on it join a Kysely transaction in progress.
   */
  sqlite?: SqliteDatabase.Database;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'careers.sqlite';

const PG_INT8_OID = 20;
const PG_NUMERIC_OID = 1700;

/** Counts come back as int8; parse them (and numerics) as numbers so both dialects return the same type. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8_OID || oid === PG_NUMERIC_OID) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  }) as typeof pg.types.getTypeParser,
};

export function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Database {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  mkdirSync(config.dataDir, { recursive: true });
  return openSqlite(join(config.dataDir, SQLITE_FILE_NAME));
}

export function openSqlite(file: string): Database {
  const sqlite = new SqliteDatabase(file);
  // QUALITY.md "Durability": WAL with synchronous=FULL — an acknowledged write is on disk.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DatabaseSchema>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  const close = async () => {
    await db.destroy();
    // Kysely closes the file only if it ever opened a connection on it: a database closed before its first query
    // would stay open (and keep answering).
    if (sqlite.open) sqlite.close();
  };
  return { db, dialect: 'sqlite', sqlite, close };
}

/** Distinct SQL texts kept prepared; the app issues a few hundred shapes, far fewer than this. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh; on a hot read (a job's details) preparing cost as much as running
 * it. Queries are parameterised, so the same SQL text recurs and its statement can be reused. Kysely runs
 * a statement to completion synchronously (all/run; the app never streams), so one statement is never
 * in use twice at once. SQLite re-prepares a cached statement itself after a schema change.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        // A generated SQL text per call (a long IN list) must not grow the cache without bound.
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    types: pgTypes,
    max: 10,
    // T20: a stopped database must turn into a 503 within seconds, not a hung request.
    connectionTimeoutMillis: 3000,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = new Kysely<DatabaseSchema>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
