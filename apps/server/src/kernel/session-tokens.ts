import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: the cookie value of a session (T04: ≥ 128-bit ids). */
export const SESSION_ID_BYTES = 32;
const RANDOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newRandomToken(): string {
  return randomBytes(SESSION_ID_BYTES).toString('base64url');
}

/** Cookie values we could have issued; anything else is ignored without a database lookup. */
export function isWellFormedToken(value: string): boolean {
  return RANDOM_TOKEN_PATTERN.test(value);
}

/** Only this hash is stored, so a leaked sessions table holds no usable cookie. */
export function hashSessionId(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('hex');
}

/** Short opaque id for the session list; unrelated to the cookie or its hash. */
export function newPublicSessionId(): string {
  return randomBytes(9).toString('base64url');
}

/** spec §7 / DESIGN: token = base64url(HMAC-SHA256(SESSION_SECRET, per-session or anonymous secret)). */
export function csrfTokenFor(serverSecret: string, csrfSecret: string): string {
  return createHmac('sha256', serverSecret).update(csrfSecret).digest('base64url');
}

export function tokensMatch(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
