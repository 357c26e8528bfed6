import type { ChangePasswordRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function changePassword(body: ChangePasswordRequest): Promise<void> {
  return http.post<void>('/api/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
