import { ApplicationStageSchema } from '@careers/contracts';
import { parseCommandArgs, positionals, required, UsageError, verbOf } from '../cli-args';
import { EXIT_OK, type CliContext, type DatabaseCliCommand } from '../cli-command';
import { tenantIdOf } from '../tenant-arg';

/**
 * `applications move <id> --stage <s> [--reason <text>]` (issue 10): the same stage move as the employer API's
 * POST /applications/{id}/stage (applications.service moveStage): the rules of which moves are allowed, the stage
 * event, the candidate's notification and the application.stage_changed webhook, in one transaction. The stage
 * event names the operator's command line as its actor.
 */
export const CLI_ACTOR = 'employer:cli';

async function move(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, { tenant: { type: 'string' }, stage: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } });
  const [id] = positionals(rest, ['application']) as [string];
  const stage = ApplicationStageSchema.safeParse(required(values.stage, 'stage'));
  if (!stage.success) throw new UsageError(`--stage must be one of: ${ApplicationStageSchema.options.join(', ')}`);
  const tenantId = await tenantIdOf(database, required(values.tenant, 'tenant'));
  const moved = await services.applications.moveStage(tenantId, id, stage.data, values.reason?.trim() || null, CLI_ACTOR);
  if (values.json) io.out(JSON.stringify({ id, stage: stage.data }));
  else io.out(`application ${id} moved to ${moved.stage}`);
  return EXIT_OK;
}

export const applicationsCommand: DatabaseCliCommand = {
  group: 'applications',
  usage: ['applications move <application> --tenant <id|domain> --stage <submitted|screening|interview|offer|hired|rejected> [--reason <text>] [--json]'],
  needsDatabase: true,
  async run(args, context) {
    const { rest } = verbOf(args, ['move']);
    return move(rest, context);
  },
};
