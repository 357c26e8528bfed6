/**
 * The positions' plain limits, apart from their schemas (positions.ts): a screen that needs a limit then
 * loads no zod with it (the web loads response schemas on the first answer, lib/lazy-schema.ts).
 */

/** Position ids are positive integers (spec §3 "Job cart: items with id (number)"). */
export const POSITION_ID_MAX_DIGITS = 15;
export const POSITION_ID_PATTERN = /^[1-9][0-9]{0,14}$/;

/** A candidate keeps at most this many saved positions (our limit; a 409 past it). */
export const SAVED_POSITIONS_MAX = 500;
