import { AuthStateSchema, type AuthState, type SignupRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function signup(body: SignupRequest): Promise<AuthState> {
  return http.post('/api/auth/signup', body, {}, AuthStateSchema);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
