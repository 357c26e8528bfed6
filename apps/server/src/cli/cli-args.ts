import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Wrong arguments: cli/run.ts prints the message and the group's usage, and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, strict, with its complaints as UsageErrors. */
export function parseCommandArgs<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** The verb and what follows it; a missing verb is a usage error. */
export function verbOf(args: string[], verbs: readonly string[]): { verb: string; rest: string[] } {
  const [verb, ...rest] = args;
  if (verb === undefined || !verbs.includes(verb)) {
    throw new UsageError(verb === undefined ? `expected one of: ${verbs.join(', ')}` : `unknown verb "${verb}" (expected one of: ${verbs.join(', ')})`);
  }
  return { verb, rest };
}

/** Exactly `count` positionals. */
export function positionals(values: string[], names: readonly string[]): string[] {
  if (values.length !== names.length) {
    throw new UsageError(values.length < names.length ? `missing ${names.slice(values.length).map((name) => `<${name}>`).join(' ')}` : `unexpected argument "${values[names.length] ?? ''}"`);
  }
  return values;
}

/** A required --option. */
export function required(value: string | undefined, name: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value.trim();
}
