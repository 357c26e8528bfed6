import { AuthStateSchema, type AuthState, type ProfileBootstrapRequest } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export function submitProfileBootstrap(body: ProfileBootstrapRequest): Promise<AuthState> {
  return http.post('/api/pcsx/profile_bootstrap', body, {}, AuthStateSchema);
}

export function useProfileBootstrap() {
  return useMutation({ mutationFn: submitProfileBootstrap });
}
