import { lazySchema } from '../../../lib/lazy-schema';

/**
 * The account calls' answer checks, their schemas loaded with the first answer (lib/lazy-schema.ts): the sign-in
 * forms, which load when a signed-out visitor's page is idle, then build no zod schema (P6).
 */
export const authStateAnswer = lazySchema(() => import('./schemas'), 'AuthStateSchema');
export const passwordResetAnswer = lazySchema(() => import('./schemas'), 'PasswordResetAnswerSchema');
