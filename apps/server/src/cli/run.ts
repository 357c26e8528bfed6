import { ZodError } from 'zod';
import { systemClock, type Clock } from '../clock';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import { AppError } from '../errors';
import { createServices } from '../services';
import { underStartLock } from '../startup/prepare-database';
import { UsageError } from './cli-args';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliCommand, type CliIo } from './cli-command';
import { COMMANDS } from './commands/index';

/**
 * The command line's dispatcher (issue 10), apart from process.argv and process.exit so tests run it with
 * a fake io and a temporary database: the group picks the command, a command that needs the database
 * gets it opened, migrated (under the start lock, as a server start) and wired with the app's services.
 */

export interface RunDeps {
  io: CliIo;
  config: AppConfig;
  /** Tests pass their database (left open); otherwise the configured one is opened and closed. */
  database?: Database;
  clock?: Clock;
  commands?: readonly CliCommand[];
}

export function usageLines(commands: readonly CliCommand[]): string[] {
  return [
    'usage: npm run careers -- <command> [arguments]',
    '',
    ...commands.flatMap((command) => command.usage.map((line) => `  ${line}`)),
    '  help',
    '',
    'Listings take --json for machine-readable output. Exit codes: 0 done, 1 failed, 2 usage error.',
  ];
}

export async function run(argv: readonly string[], deps: RunDeps): Promise<number> {
  const commands = deps.commands ?? COMMANDS;
  const { io } = deps;
  const [group, ...args] = argv;
  if (group === 'help' || group === '--help' || group === '-h') {
    for (const line of usageLines(commands)) io.out(line);
    return EXIT_OK;
  }
  const command = commands.find((candidate) => candidate.group === group);
  if (command === undefined) {
    io.err(group === undefined ? 'a command is required' : `unknown command "${group}"`);
    for (const line of usageLines(commands)) io.err(line);
    return EXIT_USAGE;
  }
  try {
    if (!command.needsDatabase) return await command.run(args, { config: deps.config, io });
    const database = deps.database ?? openDatabase(deps.config);
    try {
      await underStartLock(database, () => migrateToLatest(database));
      const services = createServices(database, deps.clock ?? systemClock, undefined, { webhooksAllowPrivate: deps.config.webhooksAllowPrivate, email: deps.config });
      return await command.run(args, { config: deps.config, io, database, services });
    } finally {
      if (deps.database === undefined) await database.close();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${command.group}: ${error.message}`);
      for (const line of command.usage) io.err(`usage: ${line}`);
      return EXIT_USAGE;
    }
    io.err(`${command.group}: ${describeError(error)}`);
    return EXIT_FAILED;
  }
}

/** An error in one line (or a few: a config's problems), without a stack for the errors we expect. */
export function describeError(error: unknown): string {
  if (error instanceof ZodError) return error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`).join('; ');
  if (error instanceof AppError) {
    const fields = error.fields ? Object.entries(error.fields).map(([field, message]) => `\n  ${field}: ${message}`).join('') : '';
    return `${error.message}${fields}`;
  }
  return error instanceof Error ? error.message : String(error);
}
