import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrations';
import { underStartLock } from '../../startup/prepare-database';
import { parseCommandArgs, positionals } from '../cli-args';
import { EXIT_OK, type FileCliCommand } from '../cli-command';

/** `migrate`: brings the configured database to the latest schema (under the start lock, as a server start does). */
export const migrateCommand: FileCliCommand = {
  group: 'migrate',
  usage: ['migrate'],
  needsDatabase: false,
  async run(args, { config, io }) {
    positionals(parseCommandArgs(args, {}).positionals, []);
    const database = openDatabase(config);
    try {
      const applied = await underStartLock(database, () => migrateToLatest(database));
      io.out(applied.length === 0 ? 'the database is up to date' : `applied: ${applied.join(', ')}`);
      return EXIT_OK;
    } finally {
      await database.close();
    }
  },
};
