import { z } from 'zod';
import { ValidationError } from '../errors';

/** Field shapes every employer-API route validates the same way (issue 10, T15 api-fuzz). */

/** Ids are printable ASCII: a NUL or a broken character never reaches the database (PostgreSQL refuses NUL in text). */
export const IdParam = z.string().regex(/^[!-~]{1,100}$/, 'must be 1 to 100 printable ASCII characters');
/** Free text without control characters. */
export const PlainText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'must not contain control characters');


/** Whom a call is about: a candidate of the key's tenant by id or by sign-in email (another tenant's: 404). */
export const CandidateRefBody = z.union([
  z.object({ id: IdParam.describe('The candidate id') }).strict(),
  z.object({ email: z.email().max(320).describe('The candidate’s sign-in email') }).strict(),
]);

/** `?candidate=` as id or email. */
export const CandidateQuery = PlainText(320).describe('The candidate’s id or email');
export const candidateRefOf = (value: string): { id: string } | { email: string } => (value.includes('@') ? { email: value } : { id: value });

/** An opaque keyset cursor over (sort value, id): base64url JSON; anything else is a 400. */
export function encodeKeysetCursor(key: readonly [string, string]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeKeysetCursor(cursor: string): [string, string] | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') return [value[0], value[1]];
  } catch {
    // not a cursor
  }
  return null;
}

/** `?cursor=` as the API gives it out. */
export const CursorQuery = z.string().min(1).max(300).optional().describe('nextCursor of the previous page');

/** A page of keyset-ordered items: `limit + 1` rows asked for; the extra one says there is a next page. */
export function keysetPage<Item>(rows: readonly Item[], limit: number, key: (item: Item) => readonly [string, string]): { items: Item[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last !== undefined ? encodeKeysetCursor(key(last)) : null };
}

/** `?cursor=` decoded, or undefined when absent; a cursor this API did not give out is a 400. */
export function cursorKey(cursor: string | undefined): [string, string] | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeKeysetCursor(cursor);
  if (!key) throw new ValidationError({ cursor: 'Not a cursor this API gave out' });
  return key;
}
