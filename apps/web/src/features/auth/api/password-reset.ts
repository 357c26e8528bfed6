import { PasswordResetAnswerSchema, type ForgotPasswordRequest, type PasswordResetAnswer, type ResetPasswordRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

/** Issue 12: the same answer whether the address has an account or not. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<PasswordResetAnswer> {
  return http.post('/api/auth/password/forgot', body, {}, PasswordResetAnswerSchema);
}

export function resetPassword(body: ResetPasswordRequest): Promise<PasswordResetAnswer> {
  return http.post('/api/auth/password/reset', body, {}, PasswordResetAnswerSchema);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
