import type { AuthState, LoginRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { authStateAnswer } from './answers';

export function login(body: LoginRequest): Promise<AuthState> {
  return http.post('/api/auth/login', body, {}, authStateAnswer);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
