import { parseCommandArgs, positionals, required, verbOf } from '../cli-args';
import { EXIT_OK, type DatabaseCliCommand } from '../cli-command';
import { tenantIdOf } from '../tenant-arg';
import { candidateArg } from './candidate-arg';

/**
 * `form-requests create --candidate <email|id> --form <key> [--due <ISO>]` (issue 10): the same request as the
 * employer API's POST /form-requests (form-requests.service request): the request and the candidate's
 * action-required notification commit together; the form appears in their forms center.
 */
export const formRequestsCommand: DatabaseCliCommand = {
  group: 'form-requests',
  usage: ['form-requests create --tenant <id|domain> --candidate <email|id> --form <key> [--due <ISO date-time>] [--json]'],
  needsDatabase: true,
  async run(args, { database, services, io }) {
    const { rest } = verbOf(args, ['create']);
    const { values, positionals: extra } = parseCommandArgs(rest, { tenant: { type: 'string' }, candidate: { type: 'string' }, form: { type: 'string' }, due: { type: 'string' }, json: { type: 'boolean' } });
    positionals(extra, []);
    const tenantId = await tenantIdOf(database, required(values.tenant, 'tenant'));
    const created = await services.formRequests.request(tenantId, { candidate: candidateArg(required(values.candidate, 'candidate')), formKey: required(values.form, 'form'), dueAt: values.due ?? null });
    if (values.json) io.out(JSON.stringify(created));
    else io.out(`asked candidate ${created.candidateId} for "${created.title}" (form request ${created.id})`);
    return EXIT_OK;
  },
};
