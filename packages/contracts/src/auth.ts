import { z } from 'zod';
import { accountEmailProblem, type AccountEmailProblem } from './forms/email-rule';
import { OnboardingBootDataSchema, UserStoreSchema } from './user';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** The server's words for each account email problem (the web says the same through its catalogue). */
export const ACCOUNT_EMAIL_MESSAGES: Record<AccountEmailProblem, string> = {
  required: 'Email is required',
  tooLong: 'Email is too long',
  invalid: 'Enter a valid email address',
};

/** The same rule the sign-in and sign-up forms apply in the browser (forms/email-rule.ts accountEmailProblem). */
export const EmailAddressSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .superRefine((value, context) => {
    const problem = accountEmailProblem(value);
    if (problem !== null) context.addIssue({ code: 'custom', message: ACCOUNT_EMAIL_MESSAGES[problem] });
  })
  .transform((value) => value.toLowerCase());

/** The rules of a new password: sign-up and password reset (issue 12) share them. */
export const NewPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use no more than ${PASSWORD_MAX_LENGTH} characters`);

export const LoginRequestSchema = z.object({
  email: EmailAddressSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
  domain: z.string().max(253).optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const SignupRequestSchema = z.object({
  email: EmailAddressSchema,
  password: NewPasswordSchema,
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  domain: z.string().max(253).optional(),
});
export type SignupRequest = z.input<typeof SignupRequestSchema>;

/** Answer of login, signup and GET /api/auth/me. */
export const AuthStateSchema = z.object({
  userStore: UserStoreSchema,
  onboarding: OnboardingBootDataSchema,
});
export type AuthState = z.infer<typeof AuthStateSchema>;
