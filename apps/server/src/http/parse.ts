import type { z } from 'zod';
import { ValidationError } from '../errors';

/**
 * Validates input at the edge with a contracts schema. Failures become 400 validation_failed with one
 * message per field (`fields.email`, `fields.password` ...); an input that is not an object at all
 * reports under `_`.
 */
export function parseInput<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  refuse: (fields: Record<string, string>) => Error = (fields) => new ValidationError(fields),
): z.output<Schema> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    const nulAt = findNul(result.data, []);
    if (nulAt) throw refuse({ [nulAt]: 'Contains a character that is not allowed' });
    return result.data;
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  throw refuse(fields);
}

/**
 * NUL cannot be stored in PostgreSQL text and never belongs in user input; refuse it at the edge so
 * both dialects answer the same 400 (T15).
 */
function findNul(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}
