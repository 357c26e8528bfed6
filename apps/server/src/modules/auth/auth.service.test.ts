import { TenantConfigSchema } from '@careers/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { ForbiddenError, InvalidCredentialsError, RateLimitedError } from '../../errors';
import { manualClock } from '../../test/app';
import { createAuthService, type AuthContext, type AuthRepositories } from './auth.service';
import { FIRST_DELAY_MS, PAIR_FREE_FAILURES } from './login-throttle';
import type { Candidate, CandidatesRepository } from './candidates.repository';
import type { LoginThrottleRepository, LoginThrottleState } from './login-throttle.repository';
import type { PasswordHasher } from './password';
import type { SessionRecord, SessionsRepository } from './sessions.repository';

const candidate: Candidate = {
  id: 'c1',
  tenantId: 't1',
  email: 'ada@acme.example',
  firstName: 'Ada',
  lastName: 'Lovelace',
  location: null,
  avatarPath: null,
  isAdmin: false,
  isThemeBuilderUser: false,
  isOnboarded: true,
  isBootstrapped: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

/** In-memory repositories: the service's rules without a database. */
function fakes() {
  const sessions: SessionRecord[] = [];
  const throttle = new Map<string, LoginThrottleState>();
  const candidates: CandidatesRepository = {
    findByEmail: async (_tenantId, email) => (email === candidate.email ? { candidate, passwordHash: 'right' } : null),
    findCredentials: async () => ({ candidate, passwordHash: 'right' }),
    lockCredentials: async () => 'right',
    insertIfAbsent: async () => null,
    updatePasswordHash: async () => undefined,
  };
  const sessionsRepository: SessionsRepository = {
    findWithCandidate: async () => null,
    insert: async (record) => void sessions.push(record),
    touch: async () => undefined,
    delete: async (idHash) => {
      const index = sessions.findIndex((record) => record.idHash === idHash);
      if (index >= 0) sessions.splice(index, 1);
      return index >= 0 ? 1 : 0;
    },
    deleteForCandidate: async () => 0,
    deleteExpiredForCandidate: async () => 0,
    listForCandidate: async () => sessions,
  };
  const throttleRepository: LoginThrottleRepository = {
    find: async (_tenantId, email) => throttle.get(email) ?? null,
    findMany: async (_tenantId, keys) => new Map(keys.flatMap((key) => (throttle.has(key) ? [[key, throttle.get(key) as LoginThrottleState] as const] : []))),
    delay: async (_tenantId, key, until) => {
      const state = throttle.get(key);
      if (state) state.blockedUntil = until;
    },
    recordFailure: async (_tenantId, email, now) => {
      const state = throttle.get(email) ?? { failures: 0, windowStartedAt: now, blockedUntil: null };
      state.failures += 1;
      throttle.set(email, state);
      return state.failures;
    },
    block: async (_tenantId, email, until, now) => {
      throttle.set(email, { failures: 0, windowStartedAt: now, blockedUntil: until });
    },
    clear: async (_tenantId, email) => void throttle.delete(email),
  };
  const repositories: AuthRepositories = { candidates, sessions: sessionsRepository, throttle: throttleRepository };
  return { repositories, sessions, throttle };
}

function hasher(): PasswordHasher {
  return {
    hash: async (password) => `hashed:${password}`,
    verify: vi.fn(async (password: string, stored: string) => stored === 'right' && password === 'right-password'),
    verifyDummy: vi.fn(async () => false as const),
  };
}

function context(overrides: Partial<AuthContext['tenant']['config']['loginSignupConfig']> = {}): AuthContext {
  const config = TenantConfigSchema.parse(ACME_CONFIG);
  config.loginSignupConfig = { ...config.loginSignupConfig, ...overrides };
  return { tenant: { id: 't1', config }, ip: '127.0.0.1', userAgent: 'test', log: vi.fn() };
}

describe('auth service', () => {
  it('signs in and starts a session, ending the cookie presented before', async () => {
    const { repositories, sessions } = fakes();
    const clock = manualClock();
    const service = createAuthService({ repositories, transaction: (work) => work(repositories), hasher: hasher(), clock });
    sessions.push({ idHash: 'old', publicId: 'p', tenantId: 't1', candidateId: 'c1', csrfSecret: 's', createdAt: '', lastSeenAt: '', expiresAt: '', userAgent: null, ip: null });
    const ctx = context();
    const result = await service.login(ctx, { email: candidate.email, password: 'right-password' }, 'old');
    expect(result.candidate.id).toBe('c1');
    expect(sessions.map((record) => record.idHash)).toEqual([result.session.record.idHash]);
    expect(ctx.log).toHaveBeenCalledWith('auth.login', 'c1');
  });

  it('checks a dummy hash for an unknown email and fails the same way', async () => {
    const { repositories } = fakes();
    const passwords = hasher();
    const service = createAuthService({ repositories, transaction: (work) => work(repositories), hasher: passwords, clock: manualClock() });
    await expect(service.login(context(), { email: 'nobody@acme.example', password: 'x' }, undefined)).rejects.toBeInstanceOf(InvalidCredentialsError);
    await expect(service.login(context(), { email: candidate.email, password: 'x' }, undefined)).rejects.toBeInstanceOf(InvalidCredentialsError);
    expect(passwords.verifyDummy).toHaveBeenCalledTimes(1);
    expect(passwords.verify).toHaveBeenCalledTimes(1);
  });

  it('blocks after the failure limit without evaluating passwords, then lets the account in again', async () => {
    const { repositories } = fakes();
    const clock = manualClock();
    const passwords = hasher();
    const service = createAuthService({ repositories, transaction: (work) => work(repositories), hasher: passwords, clock });
    for (let attempt = 0; attempt <= PAIR_FREE_FAILURES; attempt += 1) {
      await expect(service.login(context(), { email: candidate.email, password: 'wrong' }, undefined)).rejects.toBeInstanceOf(InvalidCredentialsError);
    }
    const blocked = service.login(context(), { email: candidate.email, password: 'right-password' }, undefined);
    await expect(blocked).rejects.toBeInstanceOf(RateLimitedError);
    expect(passwords.verify).toHaveBeenCalledTimes(PAIR_FREE_FAILURES + 1);
    // The same account from another address is heard at once (issue 8 §1: no lockout by a stranger).
    await expect(service.login({ ...context(), ip: '192.0.2.1' }, { email: candidate.email, password: 'right-password' }, undefined)).resolves.toBeDefined();
    clock.advance(FIRST_DELAY_MS);
    await expect(service.login(context(), { email: candidate.email, password: 'right-password' }, undefined)).resolves.toBeDefined();
  });

  it('honours the tenant\'s login and sign-up switches', async () => {
    const { repositories } = fakes();
    const service = createAuthService({ repositories, transaction: (work) => work(repositories), hasher: hasher(), clock: manualClock() });
    await expect(service.login(context({ candidateLoginEnabled: false }), { email: candidate.email, password: 'right-password' }, undefined)).rejects.toMatchObject({
      statusCode: 403,
      code: 'login_disabled',
    });
    await expect(
      service.signup(context({ candidateSignupEnabled: false }), { email: 'n@acme.example', password: 'long-password', firstName: 'N', lastName: 'E' }, undefined),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });
});
