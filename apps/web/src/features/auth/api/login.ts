import { AuthStateSchema, type AuthState, type LoginRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function login(body: LoginRequest): Promise<AuthState> {
  return http.post('/api/auth/login', body, {}, AuthStateSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
