import { TenantConfigSchema } from '@careers/contracts';
import { beforeAll, expect, it, vi } from 'vitest';
import { ACME_CONFIG } from '../../startup/seed/demo-tenants';
import { InvalidCredentialsError, ValidationError } from '../../errors';
import { authRepositories } from '../../services';
import { ADA, manualClock, seedForTests, TEST_SCRYPT } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { createAuthService, type AuthContext, type AuthService } from './auth.service';
import { createPasswordHasher, type PasswordHasher } from './password';
import type { ActiveSession } from '../../kernel/session';
import { createSessionsService } from './sessions.service';

/** The real hasher, whose next check can be held open after it has checked (scrypt takes tens of ms in production). */
function holdableHasher() {
  const real = createPasswordHasher(TEST_SCRYPT);
  let hold: { checked: () => void; gate: Promise<void> } | null = null;
  const hasher: PasswordHasher = {
    ...real,
    async verify(password, stored) {
      const held = hold;
      hold = null;
      const isValid = await real.verify(password, stored);
      if (held) {
        held.checked();
        await held.gate;
      }
      return isValid;
    },
  };
  function holdNextCheck() {
    let checked = () => {};
    let release = () => {};
    const done = new Promise<void>((resolve) => (checked = resolve));
    hold = { checked, gate: new Promise<void>((resolve) => (release = resolve)) };
    return { checked: done, release };
  }
  return { hasher, holdNextCheck };
}

/**
 * Two tabs: one request's password check is held open while the other tab's password change commits. The
 * held request must then act as if it came after the change (T04 session lifecycle: a change ends every other session).
 */
forEachDatabase('sign-in and password change racing a password change', (context) => {
  const clock = manualClock();
  const { hasher, holdNextCheck } = holdableHasher();
  let auth: AuthService;
  let ada: { id: string; tenantId: string };
  let password = ADA.password;

  const authContext = (): AuthContext => ({
    tenant: { id: ada.tenantId, config: TenantConfigSchema.parse(ACME_CONFIG) },
    ip: '203.0.113.5',
    userAgent: 'test',
    log: vi.fn(),
  });
  const sessionsOfAda = async () =>
    (await context().database.db.selectFrom('sessions').select('idHash').where('candidateId', '=', ada.id).execute()).map((row) => row.idHash).sort();
  const signIn = async (withPassword: string): Promise<ActiveSession> => {
    const { session } = await auth.login(authContext(), { email: ADA.email, password: withPassword }, undefined);
    const sessions = createSessionsService({ repository: authRepositories(context().database.db, context().dialect).sessions, clock });
    const found = await sessions.lookup(session.cookieValue, ada.tenantId);
    if (found.status !== 'active') throw new Error(`the new session is ${found.status}`);
    return found.session;
  };

  beforeAll(async () => {
    await seedForTests(context());
    ada = await context().database.db.selectFrom('candidates').select(['id', 'tenantId']).where('email', '=', ADA.email).executeTakeFirstOrThrow();
    const { db, dialect } = context().database;
    auth = createAuthService({
      repositories: authRepositories(db, dialect),
      transaction: (work) => db.transaction().execute((trx) => work(authRepositories(trx, dialect))),
      hasher,
      clock,
    });
  });

  it('refuses a sign-in whose old password was checked before the change committed: only the change’s session remains', async () => {
    const settings = await signIn(password);
    const held = holdNextCheck();
    const racing = auth.login(authContext(), { email: ADA.email, password }, undefined);
    await held.checked;
    const changed = await auth.changePassword(authContext(), settings, { currentPassword: password, newPassword: 'analytical-engine-2' });
    password = 'analytical-engine-2';
    held.release();
    await expect(racing).rejects.toBeInstanceOf(InvalidCredentialsError);
    expect(await sessionsOfAda()).toEqual([changed.record.idHash]);
  });

  it('lets one of two tabs change the password from the same current one; the other is told it is incorrect', async () => {
    const [tabA, tabB] = [await signIn(password), await signIn(password)];
    const held = holdNextCheck();
    const first = auth.changePassword(authContext(), tabA, { currentPassword: password, newPassword: 'first-tab-pass-1' });
    await held.checked;
    const second = await auth.changePassword(authContext(), tabB, { currentPassword: password, newPassword: 'second-tab-pass-2' });
    held.release();
    const refusal = await first.then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).fields).toEqual({ currentPassword: 'The current password is incorrect.' });
    expect(await sessionsOfAda()).toEqual([second.record.idHash]);
    await expect(auth.login(authContext(), { email: ADA.email, password: 'first-tab-pass-1' }, undefined)).rejects.toBeInstanceOf(InvalidCredentialsError);
    await signIn('second-tab-pass-2');
  });
});
