import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { parseCommandArgs, positionals } from '../cli-args';
import { EXIT_FAILED, EXIT_OK, type FileCliCommand } from '../cli-command';
import { postgresGuidance, sqliteFileOf, whyNotOurDatabase } from './sqlite-file';

/**
 * `backup <file>`: a consistent copy of the SQLite database while the server may be running — SQLite's
 * online backup (better-sqlite3 `backup`), which copies page by page and restarts when a writer changes
 * the database meanwhile, so the copy is one committed state. PostgreSQL: pg_dump's commands, exit 1.
 */
export const backupCommand: FileCliCommand = {
  group: 'backup',
  usage: ['backup <file>'],
  needsDatabase: false,
  async run(args, { config, io }) {
    const [file] = positionals(parseCommandArgs(args, {}).positionals, ['file']) as [string];
    if (config.databaseUrl) {
      postgresGuidance(io, 'backup', file);
      return EXIT_FAILED;
    }
    const target = resolve(file);
    const source = sqliteFileOf(config);
    if (existsSync(target)) {
      io.err(`backup: ${target} exists; choose a new file (a backup never overwrites one)`);
      return EXIT_FAILED;
    }
    if (!existsSync(source)) {
      io.err(`backup: no database at ${source} (DATA_DIR)`);
      return EXIT_FAILED;
    }
    const db = new SqliteDatabase(source, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      const progress = await db.backup(target);
      const problem = whyNotOurDatabase(target);
      if (problem !== null) {
        rmSync(target, { force: true });
        io.err(`backup: the copy failed its check (${problem}); nothing was kept`);
        return EXIT_FAILED;
      }
      io.out(`backed up ${source} to ${target} (${progress.totalPages} pages)`);
      return EXIT_OK;
    } finally {
      db.close();
    }
  },
};
