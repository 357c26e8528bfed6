import type { CliCommand } from '../cli-command';
import { apikeyCommand } from './apikey.command';

/** Every command of the command line; a new command file adds itself here (one line, sorted by group). */
export const COMMANDS: CliCommand[] = [apikeyCommand];
