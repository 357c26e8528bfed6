import { DEFAULT_DEMO_POSITIONS, isDatabaseEmpty, resetDatabase, seedDemo } from '../../startup/seed/seed';
import { parseCommandArgs, positionals, UsageError } from '../cli-args';
import { EXIT_FAILED, EXIT_OK, type DatabaseCliCommand } from '../cli-command';

/** `seed [--positions N] [--reset]`: the demo site (startup/seed), into an empty database unless --reset. */
export const seedCommand: DatabaseCliCommand = {
  group: 'seed',
  usage: [`seed [--positions <n> (default ${DEFAULT_DEMO_POSITIONS})] [--reset]`],
  needsDatabase: true,
  async run(args, { database, io }) {
    const { values, positionals: rest } = parseCommandArgs(args, { positions: { type: 'string' }, reset: { type: 'boolean' } });
    positionals(rest, []);
    const positions = values.positions === undefined ? DEFAULT_DEMO_POSITIONS : Number(values.positions);
    if (!Number.isInteger(positions) || positions < 0) throw new UsageError(`--positions must be a whole number, got "${values.positions ?? ''}"`);
    if (values.reset) await resetDatabase(database);
    else if (!(await isDatabaseEmpty(database))) {
      io.err('seed: the database already holds data; pass --reset to replace it (everything in it is deleted)');
      return EXIT_FAILED;
    }
    const summary = await seedDemo(database, { positions });
    io.out(`seeded ${summary.tenants} tenants, ${summary.candidates} candidates, ${summary.positions} positions, ${summary.offers} offers in ${((summary.ms + summary.offersMs) / 1000).toFixed(1)} s`);
    return EXIT_OK;
  },
};
