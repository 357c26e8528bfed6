import { tenantIdOf } from '../tenant-arg';
import { NotFoundError } from '../../errors';
import { InvalidApiKeyNameError } from '../../modules/api-keys/api-keys.service';
import type { CliCommand } from '../cli-command';

const USAGE = [
  'apikey create --tenant <id|domain> --name <name>',
  'apikey list --tenant <id|domain>',
  'apikey revoke --tenant <id|domain> <keyId>',
];

interface Parsed {
  options: Map<string, string>;
  positional: string[];
}

class UsageError extends Error {
  override name = 'UsageError';
}

/** `--name value` and `--name=value` options, and the rest in order. */
function parseArgs(args: readonly string[], allowed: readonly string[]): Parsed {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let at = 0; at < args.length; at += 1) {
    const arg = args[at] as string;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (!allowed.includes(name)) throw new UsageError(`Unknown option --${name}`);
    const value = inline ?? args[(at += 1)];
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    options.set(name, value);
  }
  return { options, positional };
}

function required(parsed: Parsed, name: string): string {
  const value = parsed.options.get(name);
  if (value === undefined) throw new UsageError(`--${name} is required`);
  return value;
}

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
    const [verb, ...rest] = args;
    try {
      switch (verb) {
        case 'create': {
          const parsed = parseArgs(rest, ['tenant', 'name']);
          if (parsed.positional.length > 0) throw new UsageError(`Unexpected argument ${parsed.positional[0]}`);
          const created = await services.apiKeys.create(await tenantIdOf(context.database, required(parsed, 'tenant')), required(parsed, 'name'));
          io.err(`Created API key ${created.keyId} ("${created.name}") for tenant ${created.tenantId}.`);
          io.err('Store it now: it is shown this once and cannot be shown again (only its hash is kept).');
          io.out(created.key);
          return 0;
        }
        case 'list': {
          const parsed = parseArgs(rest, ['tenant']);
          const keys = await services.apiKeys.list(await tenantIdOf(context.database, required(parsed, 'tenant')));
          if (keys.length === 0) io.err('No API keys.');
          for (const key of keys) {
            const state = key.revokedAt ? `revoked ${key.revokedAt}` : 'active';
            io.out(`${key.keyId}\t${key.name}\tcreated ${key.createdAt}\tlast used ${key.lastUsedAt ?? 'never'}\t${state}`);
          }
          return 0;
        }
        case 'revoke': {
          const parsed = parseArgs(rest, ['tenant']);
          const [keyId, extra] = parsed.positional;
          if (keyId === undefined || extra !== undefined) throw new UsageError('Give exactly one key id');
          const revoked = await services.apiKeys.revoke(await tenantIdOf(context.database, required(parsed, 'tenant')), keyId);
          io.out(`Revoked API key ${revoked.keyId} ("${revoked.name}") at ${revoked.revokedAt ?? ''}; it stops working at once.`);
          return 0;
        }
        default:
          throw new UsageError(verb === undefined ? 'Give a verb' : `Unknown verb ${verb}`);
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
