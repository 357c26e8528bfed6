import { ProfileBootstrapRequestSchema, type AuthState, type OnboardingBootData } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import { presentAuthState, type ProfileStandingPort } from '../auth/auth.presenter';
import { presentOnboarding } from './onboarding.presenter';
import type { OnboardingService } from './onboarding.service';

export interface OnboardingRoutesOptions {
  onboarding: OnboardingService;
  config: AppConfig;
  /** The user store's resume and completion (issue 11), as /api/auth/me answers them. */
  profileStanding?: ProfileStandingPort;
}

export const onboardingRoutes: FastifyPluginAsync<OnboardingRoutesOptions> = async (app, { onboarding, config, profileStanding }) => {
  // spec §7 "POST /api/pcsx/onboarding".
  app.post('/api/pcsx/onboarding', async (request): Promise<OnboardingBootData> => {
    const { candidate } = requireCandidate(request);
    const updated = await onboarding.completeOnboarding(candidate);
    return presentOnboarding(tenantOf(request).config, updated);
  });

  app.post('/api/pcsx/profile_bootstrap', async (request): Promise<AuthState> => {
    const { candidate } = requireCandidate(request);
    const input = parseInput(ProfileBootstrapRequestSchema, request.body);
    const updated = await onboarding.completeBootstrap(candidate, input);
    return presentAuthState(tenantOf(request), updated, config.staticHost, profileStanding ? await profileStanding(tenantOf(request).id, updated.id) : undefined);
  });
};
