import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { AppConfig } from '../../config';
import { SQLITE_FILE_NAME } from '../../db/database';
import type { CliIo } from '../cli-command';

/** What `backup` and `restore` share: the SQLite file the server uses, and the PostgreSQL guidance. */

export function sqliteFileOf(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, SQLITE_FILE_NAME);
}

/** The table Kysely's migrator keeps: every database of ours has it, with our first migration in it. */
const MIGRATIONS_TABLE = 'kysely_migration';
const FIRST_MIGRATION = '0001-initial';

/**
 * Why `file` is not a sound Careers Portal database, or null when it is: it must open as SQLite, pass
 * SQLite's quick check and hold our migrations table with our first migration.
 */
export function whyNotOurDatabase(file: string): string | null {
  let db: SqliteDatabase.Database | undefined;
  try {
    db = new SqliteDatabase(file, { fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `SQLite's check failed: ${String(check)}`;
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = ?").get(MIGRATIONS_TABLE);
    if (table === undefined) return 'it has no migrations table: not a Careers Portal database';
    const first = db.prepare(`select name from ${MIGRATIONS_TABLE} where name = ?`).get(FIRST_MIGRATION);
    if (first === undefined) return `its migrations table lacks ${FIRST_MIGRATION}: not a Careers Portal database`;
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') return 'it is not a SQLite database';
    if (code === 'SQLITE_CANTOPEN') return 'it cannot be opened';
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/**
 * Whether another connection (a running server, another command) has the SQLite file open. Leaving WAL
 * mode needs the only connection to the file — SQLite keeps the mode when it is not — so the test is to
 * try: a file nobody else has open is switched to rollback-journal mode (the server switches it back to
 * WAL when it opens it).
 */
export function isInUse(file: string): boolean {
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    const mode = db.pragma('journal_mode = delete', { simple: true });
    return String(mode).toLowerCase() !== 'delete';
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    db.close();
  }
}

/** PostgreSQL is backed up with its own tools: the commands, naming the URL by its variable (never echoing a password). */
export function postgresGuidance(io: CliIo, action: 'backup' | 'restore', file: string): void {
  if (action === 'backup') {
    io.err('backup: PostgreSQL is backed up with pg_dump (a consistent snapshot while the site runs):');
    io.err(`  pg_dump --format=custom --no-owner --file=${JSON.stringify(file)} "$DATABASE_URL"`);
    io.err('and restored (into an empty database, with the servers stopped) with:');
    io.err(`  pg_restore --no-owner --dbname="$DATABASE_URL" ${JSON.stringify(file)}`);
  } else {
    io.err('restore: PostgreSQL is restored with pg_restore, into an empty database, with every server stopped:');
    io.err(`  pg_restore --no-owner --clean --if-exists --dbname="$DATABASE_URL" ${JSON.stringify(file)}`);
    io.err('then start the servers: they migrate a restored older database forward.');
  }
}
