/**
 * Email (spec §5): a simple pattern, or a strict one when the strict flag is set. One definition for the
 * application forms and the account forms (sign-in, sign-up), browser and server alike.
 */

/** Something@something.something, no spaces and one @ per side. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The strict pattern: an RFC 5322 dot-atom local part (no leading, trailing or doubled dots) and a domain of
 * LDH labels with a top-level label of letters (at least two), at most 254 characters in all and 64 in the
 * local part.
 */
const STRICT_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const STRICT_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export const EMAIL_MAX_LENGTH = 254;
/** The example the email message shows: Email is invalid. Use the format "{email}". */
export const EMAIL_FORMAT_EXAMPLE = 'name@example.com';

export function isEmail(value: string, strict = false): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  if (!strict) return SIMPLE_EMAIL.test(value);
  const at = value.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  return STRICT_LOCAL.test(value.slice(0, at)) && STRICT_DOMAIN.test(value.slice(at + 1));
}

export type AccountEmailProblem = 'required' | 'tooLong' | 'invalid';

/**
 * The account forms' email check (sign-in and sign-up, in the browser and in the request schemas): trimmed,
 * present, at most 254 characters, the strict pattern. One function, so the two sides cannot disagree.
 */
export function accountEmailProblem(raw: string): AccountEmailProblem | null {
  const value = raw.trim();
  if (value === '') return 'required';
  if (value.length > EMAIL_MAX_LENGTH) return 'tooLong';
  return isEmail(value, true) ? null : 'invalid';
}
