import { randomUUID } from 'node:crypto';
import { Messages, ErrorCode, type TenantConfig } from '@careers/contracts';
import type { Clock } from '../../clock';
import {
  ConflictError,
  ForbiddenError,
  InvalidCredentialsError,
  ValidationError,
} from '../../errors';
import type { AuthEventLog } from './auth-events';
import type { Candidate, CandidatesRepository } from './candidates.repository';
import { createLoginThrottle, signupKey, throttleKeys } from './login-throttle';
import type { LoginThrottleRepository } from './login-throttle.repository';
import type { PasswordHasher } from './password';
import { SESSION_IDLE_MS, type ActiveSession, type NewSession } from '../../kernel/session';
import { buildSession } from './sessions.service';
import type { SessionsRepository } from './sessions.repository';

export interface AuthRepositories {
  candidates: CandidatesRepository;
  sessions: SessionsRepository;
  throttle: LoginThrottleRepository;
}

export interface AuthDeps {
  repositories: AuthRepositories;
  /** Runs `work` in one database transaction with repositories bound to it. */
  transaction<T>(work: (repositories: AuthRepositories) => Promise<T>): Promise<T>;
  hasher: PasswordHasher;
  clock: Clock;
}

export interface AuthContext {
  tenant: { id: string; config: TenantConfig };
  ip: string | undefined;
  userAgent: string | undefined;
  log: AuthEventLog;
}

export interface SignupInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

export interface PasswordChangeInput {
  currentPassword: string;
  newPassword: string;
}

export interface SignedIn {
  candidate: Candidate;
  session: NewSession;
}

export interface AuthService {
  /** `previousIdHash`: the session cookie presented before sign-in (hashed), ended on success. */
  signup(context: AuthContext, input: SignupInput, previousIdHash: string | undefined): Promise<SignedIn>;
  login(context: AuthContext, input: LoginInput, previousIdHash: string | undefined): Promise<SignedIn>;
  logout(context: AuthContext, session: ActiveSession | null): Promise<void>;
  /** Ends every other session of the candidate and replaces the current one. */
  changePassword(context: AuthContext, session: ActiveSession, input: PasswordChangeInput): Promise<NewSession>;
}

export function createAuthService(deps: AuthDeps): AuthService {
  const { repositories, hasher, clock } = deps;

  function owner(context: AuthContext, candidateId: string) {
    return { tenantId: context.tenant.id, candidateId, userAgent: context.userAgent, ip: context.ip };
  }

  /** Sign-in always issues a new id; a cookie presented before it is ended (session fixation, T04). */
  async function startSession(
    context: AuthContext,
    candidateId: string,
    previousIdHash: string | undefined,
    store: AuthRepositories,
  ): Promise<NewSession> {
    const session = buildSession(clock, owner(context, candidateId));
    const now = clock.now();
    if (previousIdHash) await store.sessions.delete(previousIdHash);
    await store.sessions.deleteExpiredForCandidate(
      candidateId,
      now.toISOString(),
      new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
    );
    await store.sessions.insert(session.record);
    return session;
  }

  // By address and account together, by address, and by account (issue 8 §1, T05): login-throttle.ts.
  const throttle = createLoginThrottle(repositories.throttle);

  return {
    async signup(context, input, previousIdHash) {
      if (!context.tenant.config.loginSignupConfig.candidateSignupEnabled) {
        throw new ForbiddenError(Messages.signupDisabled);
      }
      const signupThrottle = signupKey(context.ip);
      await throttle.assertMaySignUp(context.tenant.id, signupThrottle, clock.now());
      const passwordHash = await hasher.hash(input.password);
      const signedIn = await deps.transaction(async (store) => {
        const candidate = await store.candidates.insertIfAbsent({
          id: randomUUID(),
          tenantId: context.tenant.id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          location: null,
          avatarPath: null,
          isAdmin: false,
          isThemeBuilderUser: false,
          // spec §2: new candidates go through onboarding and profile bootstrapping.
          isOnboarded: false,
          isBootstrapped: false,
          createdAt: clock.now().toISOString(),
        });
        if (!candidate) return null;
        return { candidate, session: await startSession(context, candidate.id, previousIdHash, store) };
      });
      if (!signedIn) {
        await throttle.recordEmailTaken(context.tenant.id, signupThrottle, clock.now());
        throw new ConflictError(Messages.emailTaken, ErrorCode.emailTaken);
      }
      context.log('auth.signup', signedIn.candidate.id);
      return signedIn;
    },

    async login(context, input, previousIdHash) {
      // spec §6: candidate login is allowed only when candidateLoginEnabled is on.
      if (!context.tenant.config.loginSignupConfig.candidateLoginEnabled) {
        throw new ForbiddenError(Messages.loginDisabled, ErrorCode.loginDisabled);
      }
      const keys = throttleKeys(input.email, context.ip);
      try {
        await throttle.assertMayTry(context.tenant.id, keys, clock.now());
      } catch (error) {
        context.log('auth.throttled', null);
        throw error;
      }
      const found = await repositories.candidates.findByEmail(context.tenant.id, input.email);
      // Unknown email and wrong password take the same path, time, status and message (T05).
      const isValid = found
        ? await hasher.verify(input.password, found.passwordHash)
        : await hasher.verifyDummy(input.password);
      if (!found || !isValid) {
        await throttle.recordFailure(context.tenant.id, keys, clock.now());
        context.log('auth.login_failed', found?.candidate.id ?? null);
        throw new InvalidCredentialsError();
      }
      const { candidate } = found;
      await throttle.recordSuccess(context.tenant.id, keys);
      const session = await deps.transaction(async (store) => {
        // A password change may have committed since the hash was checked: a sign-in with the old password
        // must not outlive it (the change ends every session; this one would be made after).
        if ((await store.candidates.lockCredentials(context.tenant.id, candidate.id)) !== found.passwordHash) throw new InvalidCredentialsError();
        return startSession(context, candidate.id, previousIdHash, store);
      });
      context.log('auth.login', candidate.id);
      return { candidate, session };
    },

    async logout(context, session) {
      if (!session) return;
      await repositories.sessions.delete(session.record.idHash);
      context.log('auth.logout', session.candidate.id);
    },

    async changePassword(context, session, input) {
      const found = await repositories.candidates.findCredentials(context.tenant.id, session.candidate.id);
      const isValid = found ? await hasher.verify(input.currentPassword, found.passwordHash) : false;
      if (!isValid) {
        throw new ValidationError({ currentPassword: 'The current password is incorrect.' });
      }
      const passwordHash = await hasher.hash(input.newPassword);
      const rotated = await deps.transaction(async (store) => {
        // Two changes from two tabs both checked the same current password: the second finds it replaced.
        if ((await store.candidates.lockCredentials(context.tenant.id, session.candidate.id)) !== found?.passwordHash) {
          throw new ValidationError({ currentPassword: 'The current password is incorrect.' });
        }
        await store.candidates.updatePasswordHash(
          context.tenant.id,
          session.candidate.id,
          passwordHash,
          clock.now().toISOString(),
        );
        await store.sessions.deleteForCandidate(session.candidate.id);
        return startSession(context, session.candidate.id, undefined, store);
      });
      context.log('auth.password_changed', session.candidate.id);
      return rotated;
    },
  };
}
