import { z } from 'zod';

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

