import { bootQueryKeys, ROUTES, type PreloadedQuery } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import type { ResumeService } from '../resume/resume.service';
import type { ShellPreloadResolver } from '../shell/shell.preload';
import { profileOwnerOf } from './profile.policy';
import { presentProfileDetails } from './profile.presenter';
import type { ProfileService } from './profile.service';

const PROFILE_PAGE = ROUTES.profile.toLowerCase();

/**
 * The profile's first screen: the signed-in candidate's profile, its analysis and their current resume, as GET
 * /api/pcsx/profile_details, /api/pcsx/profile_analysis and /api/pcsx/resume answer them (same scope: this
 * candidate in this tenant; each query holds the body's `data`), so the page shows them without a round trip or
 * loading the response schemas (P6). Signed out, nothing: the page sends the visitor to sign in. The HTML that
 * carries them is never cached (the shell answers no-store).
 */
export function createProfilePreload(deps: {
  profile: Pick<ProfileService, 'details' | 'analysis'>;
  resumes: Pick<ResumeService, 'current'>;
  config: { staticHost: string };
}): ShellPreloadResolver {
  return async (request: FastifyRequest, path: string): Promise<PreloadedQuery[]> => {
    if (path.replace(/\/$/, '').toLowerCase() !== PROFILE_PAGE || !request.session) return [];
    const owner = profileOwnerOf(request);
    const [details, analysis, resume] = await Promise.all([
      deps.profile.details(owner),
      deps.profile.analysis(owner),
      deps.resumes.current(owner.tenantId, owner.candidateId),
    ]);
    return [
      { key: [...bootQueryKeys.profileDetails()], data: presentProfileDetails(details, deps.config.staticHost).data },
      { key: [...bootQueryKeys.profileAnalysis()], data: analysis },
      { key: [...bootQueryKeys.currentResume()], data: resume },
    ];
  };
}
