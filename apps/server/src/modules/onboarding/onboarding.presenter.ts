import type { OnboardingBootData, TenantConfig } from '@careers/contracts';
import type { Candidate } from '../auth/candidates.repository';

/** spec §3 "Onboarding boot data". Signed-out visitors count as done: there is nothing to onboard. */
export function presentOnboarding(config: TenantConfig, candidate: Candidate | null): OnboardingBootData {
  return {
    isOnboarded: candidate ? candidate.isOnboarded : true,
    isBootstrapped: candidate ? candidate.isBootstrapped : true,
    bootstrappingConfig: { enabled: config.onboardingConfig.bootstrappingEnabled, allowSkip: true },
  };
}
