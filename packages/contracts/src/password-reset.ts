import { z } from 'zod';
import { EmailAddressSchema, NewPasswordSchema } from './auth';

/** Issue 12: POST /api/auth/password/forgot — the same answer whether the account exists or not. */
/** `locale`: the language of the page the visitor asked from (issue 13: the email is written in it). */
export const ForgotPasswordRequestSchema = z.object({ email: EmailAddressSchema, domain: z.string().max(253).optional(), locale: z.string().max(35).optional() });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequestSchema>;

/** Issue 12: POST /api/auth/password/reset — the token from the email and a new password (sign-up's rules). */
export const ResetPasswordRequestSchema = z.object({
  token: z.string({ error: 'The reset link is not valid' }).min(1, 'The reset link is not valid').max(200, 'The reset link is not valid'),
  password: NewPasswordSchema,
  domain: z.string().max(253).optional(),
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequestSchema>;

export const PasswordResetAnswerSchema = z.object({ ok: z.literal(true) });
export type PasswordResetAnswer = z.infer<typeof PasswordResetAnswerSchema>;
