import type { ForgotPasswordRequest, PasswordResetAnswer, ResetPasswordRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { passwordResetAnswer } from './answers';

/** Issue 12: the same answer whether the address has an account or not. */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<PasswordResetAnswer> {
  return http.post('/api/auth/password/forgot', body, {}, passwordResetAnswer);
}

export function resetPassword(body: ResetPasswordRequest): Promise<PasswordResetAnswer> {
  return http.post('/api/auth/password/reset', body, {}, passwordResetAnswer);
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
