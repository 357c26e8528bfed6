import type { AuthState, SignupRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { authStateAnswer } from './answers';

export function signup(body: SignupRequest): Promise<AuthState> {
  return http.post('/api/auth/signup', body, {}, authStateAnswer);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
