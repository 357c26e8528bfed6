import type { AuthState } from '@careers/contracts';
import { http } from '../../../lib/http';
import { authStateAnswer } from './answers';

/** GET /api/auth/me: who is signed in now (after a change elsewhere, e.g. a profile saved from a resume). */
export function fetchAuthState(): Promise<AuthState> {
  return http.get('/api/auth/me', {}, authStateAnswer);
}
