import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { Services } from '../services';

/**
 * One command of the operators' command line (`npm run careers -- <group> <verb> ...`, issue 10). Each
 * command lives in its own file under cli/commands/ and is listed in cli/commands/index.ts; cli/main.ts
 * parses the group, opens the database when the command needs it, and prints usage.
 */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliContext {
  config: AppConfig;
  /** Opened (and migrated) only for commands with needsDatabase. */
  database: Database;
  services: Services;
  io: CliIo;
}

export interface CliCommand {
  /** The group word, e.g. "apikey", "tenant", "positions". */
  group: string;
  /** One line per verb for the usage screen, e.g. "apikey create --tenant <id> --name <name>". */
  usage: string[];
  /** False for commands that work on files alone (e.g. restore before the database opens). */
  needsDatabase: boolean;
  /** Runs the verb and its arguments (everything after the group); returns the process exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}
