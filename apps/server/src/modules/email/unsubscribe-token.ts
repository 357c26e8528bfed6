import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The unsubscribe link's token (issue 12: works without signing in): who and where, signed with the
 * server's secret. `v1.<payload>.<mac>`, both base64url; the MAC covers the version and payload with a key of
 * its own purpose (a session or CSRF token can never pass for one). It does not expire: an old email's link
 * must keep working, and all it can do is turn emails off. It also carries the email's language (`l`, optional:
 * tokens from before it verify as they did), so the page the link opens speaks it.
 */
const VERSION = 'v1';
const PayloadSchema = z.object({ t: z.string().min(1).max(200), c: z.string().min(1).max(200), l: z.string().min(1).max(35).optional() });

export interface UnsubscribeSubject {
  tenantId: string;
  candidateId: string;
  /** The language the email was written in (BCP 47). */
  language?: string;
}

const macOf = (secret: string, signed: string): Buffer => createHmac('sha256', `email-unsubscribe:${secret}`).update(signed).digest();

export function signUnsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  const payload = Buffer.from(JSON.stringify({ t: subject.tenantId, c: subject.candidateId, ...(subject.language ? { l: subject.language } : {}) })).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${macOf(secret, signed).toString('base64url')}`;
}

/** The subject of a genuine token; null for anything tampered with, truncated or not a token. */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  if (token.length > 1000) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [version, payload, mac] = parts as [string, string, string];
  const expected = macOf(secret, `${version}.${payload}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const subject = PayloadSchema.safeParse(parsed);
  if (!subject.success) return null;
  return { tenantId: subject.data.t, candidateId: subject.data.c, ...(subject.data.l ? { language: subject.data.l } : {}) };
}
