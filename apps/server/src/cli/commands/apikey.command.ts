import { tenantIdOf } from '../tenant-arg';
import { NotFoundError } from '../../errors';
import { InvalidApiKeyNameError } from '../../modules/api-keys/api-keys.service';
import { parseCommandArgs, positionals, required, UsageError, verbOf } from '../cli-args';
import type { CliCommand } from '../cli-command';

const USAGE = [
  'apikey create --tenant <id|domain> --name <name>',
  'apikey list --tenant <id|domain>',
  'apikey revoke --tenant <id|domain> <keyId>',
];

/**
 * `apikey create|list|revoke` (issue 10): employer-API keys of one tenant. The key is printed once, at
 * creation, to stdout alone (so `... > key.txt` captures only it); everything else goes to stderr.
 */
export const apikeyCommand: CliCommand = {
  group: 'apikey',
  usage: USAGE,
  needsDatabase: true,

  async run(args, context) {
    const { io, services } = context;
    const verb = args[0];
    try {
      const { rest } = verbOf(args, ['create', 'list', 'revoke']);
      const { values, positionals: given } = parseCommandArgs(rest, { tenant: { type: 'string' }, name: { type: 'string' } });
      const tenant = required(values.tenant, 'tenant');
      switch (verb) {
        case 'create': {
          positionals(given, []);
          const created = await services.apiKeys.create(await tenantIdOf(context.database, tenant), required(values.name, 'name'));
          io.err(`Created API key ${created.keyId} ("${created.name}") for tenant ${created.tenantId}.`);
          io.err('Store it now: it is shown this once and cannot be shown again (only its hash is kept).');
          io.out(created.key);
          return 0;
        }
        case 'list': {
          if (values.name !== undefined) throw new UsageError('--name is for create');
          positionals(given, []);
          const keys = await services.apiKeys.list(await tenantIdOf(context.database, tenant));
          if (keys.length === 0) io.err('No API keys.');
          for (const key of keys) {
            const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
            io.out(`${key.keyId}\t${key.name}\tcreated ${key.createdAt}\tlast used ${key.lastUsedAt ?? 'never'}\t${state}`);
          }
          return 0;
        }
        case 'revoke': {
          if (values.name !== undefined) throw new UsageError('--name is for create');
          const [keyId] = positionals(given, ['keyId']) as [string];
          const revoked = await services.apiKeys.revoke(await tenantIdOf(context.database, tenant), keyId);
          io.out(`Revoked API key ${revoked.keyId} ("${revoked.name}") at ${revoked.revokedAt ?? ''}; it stops working at once.`);
          return 0;
        }
        default:
          throw new UsageError(`unknown verb "${verb ?? ''}"`);
      }
    } catch (error) {
      if (error instanceof UsageError) {
        io.err(`apikey: ${error.message}`);
        for (const line of USAGE) io.err(`  ${line}`);
        return 2;
      }
      if (error instanceof InvalidApiKeyNameError) {
        io.err(`apikey: ${error.message}`);
        return 2;
      }
      if (error instanceof NotFoundError) {
        io.err(verb === 'revoke' && !error.message.startsWith('no tenant') ? 'apikey: no such key for this tenant' : `apikey: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};
