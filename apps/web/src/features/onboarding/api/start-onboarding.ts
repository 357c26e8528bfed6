import { OnboardingBootDataSchema, type OnboardingBootData } from '@careers/contracts';
import { http } from '../../../lib/http';

/** POST /api/pcsx/onboarding: marks a signed-in candidate onboarded (spec §2; the caller reloads). */
export function startOnboarding(): Promise<OnboardingBootData> {
  return http.post('/api/pcsx/onboarding', {}, {}, OnboardingBootDataSchema);
}
