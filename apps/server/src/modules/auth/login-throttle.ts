import { RateLimitedError } from '../../errors';
import type { LoginThrottleRepository, LoginThrottleState } from './login-throttle.repository';

/**
 * Sign-in throttling (issue 8 §1 "Anyone can lock a candidate out for 15 minutes", QUALITY T05). Before, ten
 * wrong passwords for an email blocked that email for 15 minutes from everywhere, so a stranger could keep its
 * owner out. Now failures are counted three ways, all in the database (login_throttle), so every process sees
 * the same counts:
 *
 * - per address and account together: a few tries free, then growing delays (1 s, 2 s, 4 s … up to 15 min).
 *   A stranger's failures delay the stranger, never the owner signing in from another address;
 * - per address alone: an address trying many accounts (password spraying) is slowed the same way, later;
 * - per account alone: after 100 consecutive failures (T05: "≤ 100 consecutive failures per account"), an
 *   address that has itself failed on the account, or on others, is refused without the password being
 *   checked, while a clean address is still heard: the owner is never locked out, and an attacker gets one
 *   more guess per fresh address (then that address is no longer clean). A success clears the account's and
 *   the pair's counts; nothing blocks for ever (no permanent lockout): counts restart after their window.
 *
 * Unknown emails are counted exactly like known ones, so a refusal reveals nothing about an account (T05).
 */

/** Failures of one address on one account before delays start. */
export const PAIR_FREE_FAILURES = 5;
/** Failures of one address over all accounts before delays start (a shared office address mistypes too). */
export const ADDRESS_FREE_FAILURES = 30;
/** Consecutive failures an account hears before only clean addresses are heard (T05). */
export const ACCOUNT_MAX_CONSECUTIVE_FAILURES = 100;
/** The first delay; each further failure doubles it. */
export const FIRST_DELAY_MS = 1000;
/** No delay is longer than this (the old fixed block). */
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** A count whose first failure is older than this starts again at 1. */
export const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

/** The delay after the `failures`-th failure when `free` come without one. */
export function delayAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - free - 1));
}

export interface ThrottleKeys {
  account: string;
  address: string;
  pair: string;
}

/** Keys in the `email` column: an email never starts with "@" nor holds a space. */
export function throttleKeys(email: string, ip: string | undefined): ThrottleKeys {
  const address = ip ?? 'unknown';
  return { account: email, address: `@address ${address}`, pair: `@address ${address} ${email}` };
}

/**
 * Sign-up answers "An account with this email already exists" (spec §6 wording; the person who forgot they
 * have an account is told to sign in instead). That tells whether an email has an account, so those answers
 * are throttled per address like sign-in failures (issue 8 §1 "Smaller"): a few free, then growing delays.
 */
export const SIGNUP_TAKEN_FREE = 10;
export const SIGNUP_WINDOW_MS = 24 * 60 * 60 * 1000;

export function signupKey(ip: string | undefined): string {
  return `@signup ${ip ?? 'unknown'}`;
}

export interface LoginThrottle {
  /** Throws RateLimitedError (429 + Retry-After) when this attempt must not be heard. */
  assertMayTry(tenantId: string, keys: ThrottleKeys, now: Date): Promise<void>;
  recordFailure(tenantId: string, keys: ThrottleKeys, now: Date): Promise<void>;
  recordSuccess(tenantId: string, keys: ThrottleKeys): Promise<void>;
  /** Throws RateLimitedError while an address that met too many taken emails waits. */
  assertMaySignUp(tenantId: string, key: string, now: Date): Promise<void>;
  recordEmailTaken(tenantId: string, key: string, now: Date): Promise<void>;
}

const blockedFor = (state: LoginThrottleState | undefined, now: number): number => (state?.blockedUntil ? Date.parse(state.blockedUntil) - now : 0);

export function createLoginThrottle(repository: LoginThrottleRepository): LoginThrottle {
  return {
    async assertMayTry(tenantId, keys, now) {
      const at = now.getTime();
      const rows = await repository.findMany(tenantId, [keys.account, keys.address, keys.pair]);
      const pair = rows.get(keys.pair);
      const address = rows.get(keys.address);
      const waitMs = Math.max(blockedFor(pair, at), blockedFor(address, at));
      if (waitMs > 0) throw new RateLimitedError(waitMs / 1000);
      const account = rows.get(keys.account);
      const accountCounting = account !== undefined && Date.parse(account.windowStartedAt) > at - ACCOUNT_WINDOW_MS;
      if (accountCounting && account.failures >= ACCOUNT_MAX_CONSECUTIVE_FAILURES) {
        const clean = (pair?.failures ?? 0) === 0 && (address?.failures ?? 0) === 0;
        if (!clean) throw new RateLimitedError((Date.parse(account.windowStartedAt) + ACCOUNT_WINDOW_MS - at) / 1000);
      }
    },

    async recordFailure(tenantId, keys, now) {
      const iso = now.toISOString();
      const since = (windowMs: number) => new Date(now.getTime() - windowMs).toISOString();
      const [pairFailures, addressFailures] = await Promise.all([
        repository.recordFailure(tenantId, keys.pair, iso, since(PAIR_WINDOW_MS)),
        repository.recordFailure(tenantId, keys.address, iso, since(ADDRESS_WINDOW_MS)),
        repository.recordFailure(tenantId, keys.account, iso, since(ACCOUNT_WINDOW_MS)),
      ]);
      const pairDelay = delayAfter(pairFailures, PAIR_FREE_FAILURES);
      const addressDelay = delayAfter(addressFailures, ADDRESS_FREE_FAILURES);
      await Promise.all([
        pairDelay > 0 ? repository.delay(tenantId, keys.pair, new Date(now.getTime() + pairDelay).toISOString()) : null,
        addressDelay > 0 ? repository.delay(tenantId, keys.address, new Date(now.getTime() + addressDelay).toISOString()) : null,
      ]);
    },

    async assertMaySignUp(tenantId, key, now) {
      const waitMs = blockedFor((await repository.find(tenantId, key)) ?? undefined, now.getTime());
      if (waitMs > 0) throw new RateLimitedError(waitMs / 1000);
    },

    async recordEmailTaken(tenantId, key, now) {
      const failures = await repository.recordFailure(tenantId, key, now.toISOString(), new Date(now.getTime() - SIGNUP_WINDOW_MS).toISOString());
      const delay = delayAfter(failures, SIGNUP_TAKEN_FREE);
      if (delay > 0) await repository.delay(tenantId, key, new Date(now.getTime() + delay).toISOString());
    },

    async recordSuccess(tenantId, keys) {
      // The address's own count stays: a sprayer who guesses one account right is still a sprayer.
      await Promise.all([repository.clear(tenantId, keys.account), repository.clear(tenantId, keys.pair)]);
    },
  };
}
