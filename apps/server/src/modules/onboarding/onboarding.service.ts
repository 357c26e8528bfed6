import type { Clock } from '../../clock';
import { UnauthenticatedError } from '../../errors';
import type { Candidate } from '../auth/candidates.repository';
import type { OnboardingRepository } from './onboarding.repository';

export interface ProfileBootstrapInput {
  firstName?: string | undefined;
  lastName?: string | undefined;
  location?: string | undefined;
  skip?: boolean | undefined;
}

export interface OnboardingService {
  /** spec §2 "not onboarded triggers onboarding and a reload". Idempotent. */
  completeOnboarding(candidate: Candidate): Promise<Candidate>;
  /** spec §2 "not bootstrapped sees a profile bootstrapping screen": save the basics, or skip them. */
  completeBootstrap(candidate: Candidate, input: ProfileBootstrapInput): Promise<Candidate>;
}

export function createOnboardingService(deps: { repository: OnboardingRepository; clock: Clock }): OnboardingService {
  const { repository, clock } = deps;

  /** The row vanished between session lookup and update (account deleted): the session is gone too. */
  function present(candidate: Candidate | null): Candidate {
    if (!candidate) throw new UnauthenticatedError();
    return candidate;
  }

  return {
    async completeOnboarding(candidate) {
      if (candidate.isOnboarded) return candidate;
      return present(await repository.markOnboarded(candidate.tenantId, candidate.id, clock.now().toISOString()));
    },

    async completeBootstrap(candidate, input) {
      const fields = input.skip
        ? null
        : {
            firstName: input.firstName ?? candidate.firstName,
            lastName: input.lastName ?? candidate.lastName,
            location: input.location ? input.location : null,
          };
      return present(
        await repository.markBootstrapped(candidate.tenantId, candidate.id, fields, clock.now().toISOString()),
      );
    },
  };
}
