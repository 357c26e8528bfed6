import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LoginRequestSchema, SignupRequestSchema } from '@careers/contracts';
import { createI18n } from '../../lib/i18n';
import { signInErrors, signUpErrors } from './auth-validation';

const t = createI18n().getFixedT('en', 'auth');

/** The server's verdict on the email field: its message, or undefined when it accepts the address. */
function serverEmailMessage(schema: typeof LoginRequestSchema | typeof SignupRequestSchema, body: Record<string, string>): string | undefined {
  const parsed = schema.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'email')?.message;
}

/** Addresses near the edge: real ones, then the same with the faults candidates type. */
const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().chain((email) =>
    fc.constantFrom(` ${email} `, email.toUpperCase(), email.replace('@', '@@'), email.replace('@', ' @'), `${email}.`, `.${email}`, email.replace('.', '..'), email.replace(/\.[^.]+$/, ''), `${email}${'x'.repeat(250)}`),
  ),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '   ', 'a@b.c', 'a@b.co', 'ada..x@example.com', 'ada@example.com', 'a@localhost', '"quoted"@example.com', 'ada@exa_mple.com', 'ada@example.com\n'),
);

describe('account email: the sign-in and sign-up forms and the server agree (one rule)', () => {
  it('sign-in: the browser shows an email error exactly when the login schema refuses the address, with the same words', () => {
    fc.assert(
      fc.property(emailLike, (email) => {
        expect(signInErrors(t, { email, password: 'secret' }).email).toBe(serverEmailMessage(LoginRequestSchema, { email, password: 'secret' }));
      }),
      { numRuns: 2000 },
    );
  });

  it('sign-up: the same for the signup schema', () => {
    fc.assert(
      fc.property(emailLike, (email) => {
        const body = { firstName: 'Ada', lastName: 'Lovelace', email, password: 'a-long-password' };
        expect(signUpErrors(t, body).email).toBe(serverEmailMessage(SignupRequestSchema, body));
      }),
      { numRuns: 2000 },
    );
  });

  it('the named cases', () => {
    expect(signInErrors(t, { email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(signInErrors(t, { email: 'ada@example', password: 'x' }).email).toBe('Enter a valid email address');
    expect(signInErrors(t, { email: 'ada..x@example.com', password: 'x' }).email).toBe('Enter a valid email address');
    expect(signInErrors(t, { email: `${'a'.repeat(250)}@x.io`, password: 'x' }).email).toBe('Email is too long');
    expect(signInErrors(t, { email: ' Ada@Example.com ', password: 'x' }).email).toBeUndefined();
  });
});
