import type { CliCommand } from '../cli-command';
import { apikeyCommand } from './apikey.command';
import { applicationsCommand } from './applications.command';
import { formRequestsCommand } from './form-requests.command';
import { interviewsCommand } from './interviews.command';
import { backupCommand } from './backup.command';
import { evidenceCommand } from './evidence.command';
import { migrateCommand } from './migrate.command';
import { offersCommand } from './offers.command';
import { positionsCommand } from './positions.command';
import { restoreCommand } from './restore.command';
import { seedCommand } from './seed.command';
import { tenantCommand } from './tenant.command';

/** Every command of the command line; a new command file adds itself here (one line, sorted by group). */
export const COMMANDS: CliCommand[] = [apikeyCommand, applicationsCommand, backupCommand, evidenceCommand, formRequestsCommand, interviewsCommand, migrateCommand, offersCommand, positionsCommand, restoreCommand, seedCommand, tenantCommand];
