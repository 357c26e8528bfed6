import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { Services } from '../services';

/**
 * One command of the operators' command line (`npm run careers -- <group> <verb> ...`, issue 10). Each
 * command lives in its own file under cli/commands/ and is listed in cli/commands/index.ts; cli/run.ts
 * parses the group, opens (and migrates) the database when the command needs it, and prints usage.
 */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** What every command gets. */
export interface CliFileContext {
  config: AppConfig;
  io: CliIo;
}

/** What a command with needsDatabase gets: the database opened and migrated, and the app's services on it. */
export interface CliContext extends CliFileContext {
  database: Database;
  services: Services;
}

interface CliCommandBase {
  /** The group word, e.g. "apikey", "tenant", "positions". */
  group: string;
  /** One line per verb for the usage screen, e.g. "apikey create --tenant <id> --name <name>". */
  usage: string[];
}

export interface DatabaseCliCommand extends CliCommandBase {
  needsDatabase: true;
  /** Runs the verb and its arguments (everything after the group); returns the process exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}

/** Commands that work on files or open the database their own way (migrate, backup, restore). */
export interface FileCliCommand extends CliCommandBase {
  needsDatabase: false;
  run(args: string[], context: CliFileContext): Promise<number>;
}

export type CliCommand = DatabaseCliCommand | FileCliCommand;

/** Exit codes: 0 done, 1 failed (bad input, a conflict, guidance instead of action), 2 a usage error. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
