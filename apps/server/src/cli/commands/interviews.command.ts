import { newInterviewOf, RescheduleBody, ScheduleBody } from '../../modules/interviews/interview-input';
import type { EmployerInterview } from '../../modules/interviews/interviews.service';
import { parseCommandArgs, positionals, required, UsageError, verbOf } from '../cli-args';
import { EXIT_OK, type CliContext, type DatabaseCliCommand } from '../cli-command';
import { tenantIdOf } from '../tenant-arg';
import { candidateArg } from './candidate-arg';

/**
 * `interviews schedule|reschedule|cancel` (issue 10): the employer API's interview calls from the command line.
 * The options are checked by the API's own schemas (interview-input.ts) and go through the same service, so the
 * candidate's notification and the interview.* webhooks commit with the change exactly as through the API.
 */

const DETAIL_OPTIONS = {
  tenant: { type: 'string' },
  starts: { type: 'string' },
  duration: { type: 'string' },
  'time-zone': { type: 'string' },
  kind: { type: 'string' },
  location: { type: 'string' },
  link: { type: 'string' },
  interviewer: { type: 'string', multiple: true },
  notes: { type: 'string' },
  json: { type: 'boolean' },
} as const;

type DetailValues = { [Name in keyof typeof DETAIL_OPTIONS]?: (typeof DETAIL_OPTIONS)[Name] extends { multiple: true } ? string[] : (typeof DETAIL_OPTIONS)[Name] extends { type: 'boolean' } ? boolean : string };

/** --duration as a whole number of minutes (the schema judges its range). */
function minutes(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,4}$/.test(text.trim())) throw new UsageError('--duration is a whole number of minutes');
  return Number(text.trim());
}

/** The options as the API's body fields; absent options stay absent. */
function detailsOf(values: DetailValues) {
  return {
    ...(values.starts === undefined ? {} : { startsAt: values.starts }),
    ...(values.duration === undefined ? {} : { durationMinutes: minutes(values.duration) }),
    ...(values['time-zone'] === undefined ? {} : { timeZone: values['time-zone'] }),
    ...(values.kind === undefined ? {} : { kind: values.kind }),
    ...(values.location === undefined ? {} : { location: values.location }),
    ...(values.link === undefined ? {} : { meetingUrl: values.link }),
    ...(values.interviewer === undefined ? {} : { interviewers: values.interviewer }),
    ...(values.notes === undefined ? {} : { notes: values.notes }),
  };
}

function print(io: CliContext['io'], interview: EmployerInterview, json: boolean | undefined): number {
  if (json) io.out(JSON.stringify(interview));
  else io.out(`interview ${interview.id} ${interview.status}: ${interview.startsAt} (${interview.timeZone}), ${interview.durationMinutes} min, ${interview.kind}, sequence ${interview.sequence}`);
  return EXIT_OK;
}

async function schedule(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, { ...DETAIL_OPTIONS, candidate: { type: 'string' }, application: { type: 'string' }, position: { type: 'string' } });
  positionals(rest, []);
  const tenantId = await tenantIdOf(database, required(values.tenant, 'tenant'));
  const position = values.position === undefined ? undefined : /^\d{1,10}$/.test(values.position) ? Number(values.position) : Number.NaN;
  if (Number.isNaN(position)) throw new UsageError('--position is a position id');
  const body = ScheduleBody.parse({
    candidate: candidateArg(required(values.candidate, 'candidate')),
    ...(values.application === undefined ? {} : { applicationId: values.application }),
    ...(position === undefined ? {} : { positionId: position }),
    durationMinutes: 60,
    ...detailsOf(values),
  });
  return print(io, await services.interviews.schedule(tenantId, newInterviewOf(body)), values.json);
}

async function reschedule(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, DETAIL_OPTIONS);
  const [id] = positionals(rest, ['interview']) as [string];
  const tenantId = await tenantIdOf(database, required(values.tenant, 'tenant'));
  required(values.starts, 'starts');
  return print(io, await services.interviews.reschedule(tenantId, id, RescheduleBody.parse(detailsOf(values))), values.json);
}

async function cancel(args: string[], { database, services, io }: CliContext): Promise<number> {
  const { values, positionals: rest } = parseCommandArgs(args, { tenant: { type: 'string' }, json: { type: 'boolean' } });
  const [id] = positionals(rest, ['interview']) as [string];
  return print(io, await services.interviews.cancel(await tenantIdOf(database, required(values.tenant, 'tenant')), id), values.json);
}

export const interviewsCommand: DatabaseCliCommand = {
  group: 'interviews',
  usage: [
    'interviews schedule --tenant <id|domain> --candidate <email|id> [--application <id> | --position <id>] --starts <ISO date-time> [--duration <minutes, default 60>] --time-zone <IANA zone> --kind video|phone|onsite [--link <https url>] [--location <text>] [--interviewer <name>]... [--notes <text>] [--json]',
    'interviews reschedule <interview> --tenant <id|domain> --starts <ISO date-time> [--duration <minutes>] [--time-zone <zone>] [--kind <kind>] [--link <url>] [--location <text>] [--interviewer <name>]... [--notes <text>] [--json]',
    'interviews cancel <interview> --tenant <id|domain> [--json]',
  ],
  needsDatabase: true,
  async run(args, context) {
    const { verb, rest } = verbOf(args, ['schedule', 'reschedule', 'cancel']);
    if (verb === 'schedule') return schedule(rest, context);
    return verb === 'reschedule' ? reschedule(rest, context) : cancel(rest, context);
  },
};
