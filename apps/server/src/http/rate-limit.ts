import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { RateLimitedError } from '../errors';
import { createSharedRateLimits } from './rate-limit-store';

export interface RateLimits {
  /** Sign-in and sign-up attempts per client IP (T05/T06). */
  authPerMinute: number;
  /** Searches per client IP (T06): generous for people paging and filtering, not for scrapers. */
  searchPerMinute: number;
  /** Signing, uploading and receipt drawing per client IP: each costs ~100–150 ms of CPU (PDF work). */
  offerWritesPerMinute: number;
  /** Application and form submissions per client IP (issue 9): logged-out apply must not be a spam cannon. */
  applyPerMinute: number;
  /** Employer-API calls per key (per client IP for calls without a valid key), across all its routes (issue 10). */
  adminApiPerMinute: number;
  /** Resume uploads per client IP (issue 11): each reads and parses a file in a bounded thread. */
  resumeUploadsPerMinute: number;
  /** Guest job-alert subscriptions per email address per hour (issue 12): each sends a confirmation email. */
  guestAlertsPerAddressPerHour: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { authPerMinute: 30, searchPerMinute: 120, offerWritesPerMinute: 30, adminApiPerMinute: 600, applyPerMinute: 20, resumeUploadsPerMinute: 10, guestAlertsPerAddressPerHour: 5 };

/** Per-route limits only (`config.rateLimit` on a route): a global limit would throttle static files too. */
export const rateLimitPlugin = fp<{ redisUrl?: string | undefined; redisKeyPrefix?: string }>(
  async (app, options) => {
    // Issue 8 §2: several processes count in one Redis (rate-limit-store.ts); one process counts in memory.
    const shared = options.redisUrl ? createSharedRateLimits({ redisUrl: options.redisUrl, keyPrefix: options.redisKeyPrefix ?? '', log: app.log }) : null;
    if (shared) app.addHook('onClose', () => shared.close());
    await app.register(rateLimit, {
      global: false,
      ...(shared ? { store: shared.Store } : {}),
      // The client address as Fastify sees it: X-Forwarded-For counts only with TRUST_PROXY (T06).
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) => new RateLimitedError(context.ttl / 1000),
    });
  },
  { name: 'rate-limit' },
);

/** Route config for the auth endpoints. */
export function authRateLimit(limits: RateLimits) {
  return { rateLimit: { max: limits.authPerMinute, timeWindow: 60_000 } };
}

/** Route config for GET /api/pcsx/search. */
export function searchRateLimit(limits: RateLimits) {
  return { rateLimit: { max: limits.searchPerMinute, timeWindow: 60_000 } };
}

/** Route config for the offer routes that stamp, store or draw PDFs. */
export function offerWriteRateLimit(limits: RateLimits) {
  return { rateLimit: { max: limits.offerWritesPerMinute, timeWindow: 60_000 } };
}
