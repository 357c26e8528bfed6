import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { parseCommandArgs, positionals } from '../cli-args';
import { EXIT_FAILED, EXIT_OK, type FileCliCommand } from '../cli-command';
import { isInUse, postgresGuidance, sqliteFileOf, whyNotOurDatabase } from './sqlite-file';

/**
 * `restore <file>`: replaces the SQLite database with a backup, after checking the backup is a sound
 * database of ours, and only while nothing has the database open (a running server refuses it: stop it
 * first). The replaced database is kept beside it (careers.sqlite.before-restore-<time>), so a restore
 * can be undone. A restored older database is migrated forward by the next start. PostgreSQL: guidance.
 */
export const restoreCommand: FileCliCommand = {
  group: 'restore',
  usage: ['restore <file>'],
  needsDatabase: false,
  async run(args, { config, io }) {
    const [file] = positionals(parseCommandArgs(args, {}).positionals, ['file']) as [string];
    if (config.databaseUrl) {
      postgresGuidance(io, 'restore', file);
      return EXIT_FAILED;
    }
    const source = resolve(file);
    const target = sqliteFileOf(config);
    if (!existsSync(source)) {
      io.err(`restore: no file ${source}`);
      return EXIT_FAILED;
    }
    if (source === target) {
      io.err('restore: the backup is the database itself');
      return EXIT_FAILED;
    }
    const problem = whyNotOurDatabase(source);
    if (problem !== null) {
      io.err(`restore: ${source} cannot be restored: ${problem}; nothing was changed`);
      return EXIT_FAILED;
    }
    if (existsSync(target) && isInUse(target)) {
      io.err(`restore: ${target} is in use (a running server?); stop every process using it and try again`);
      return EXIT_FAILED;
    }
    // Copied through SQLite's backup rather than the file system: a backup with a WAL file beside it
    // arrives whole. Written beside the target, then renamed into place.
    const staging = `${target}.restoring-${process.pid}`;
    const db = new SqliteDatabase(source, { fileMustExist: true });
    try {
      await db.backup(staging);
    } finally {
      db.close();
    }
    const kept = existsSync(target) ? `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}` : null;
    if (kept !== null) renameSync(target, kept);
    for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    renameSync(staging, target);
    io.out(`restored ${source} into ${target}${kept === null ? '' : `; the previous database is kept as ${kept}`}`);
    return EXIT_OK;
  },
};
