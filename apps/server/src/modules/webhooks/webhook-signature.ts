import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a delivery (issue 10: "HMAC-SHA256 signatures (a timestamped header integrators can
 * verify)"), Stripe's well-known shape so receivers know it:
 *
 *   Careers-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * To verify: split the header on ",", take t and every v1; compute the HMAC of `${t}.${rawBody}` (the body
 * bytes exactly as received, before any JSON parsing) with the endpoint's secret; compare in constant time;
 * refuse when t is more than 5 minutes from your clock (a replayed old request). Every attempt is signed
 * anew with its own t, so a retry an hour later still verifies. `verifyWebhookSignature` is that check.
 */

export const SIGNATURE_HEADER = 'careers-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: 'malformed' | 'mismatch' | 'too_old' };

export function verifyWebhookSignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'malformed' };
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const candidates = parts.filter(([key, value]) => key === 'v1' && value !== undefined).map(([, value]) => value as string);
  if (!Number.isInteger(timestamp) || candidates.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(signatureOf(secret, timestamp, body), 'hex');
  const matches = candidates.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return { ok: false, reason: 'mismatch' };
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return { ok: false, reason: 'too_old' };
  return { ok: true, timestamp };
}
