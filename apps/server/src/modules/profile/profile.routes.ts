import type { ProfileDetailsResponse } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseProfileEdit } from './profile-edit';
import { profileOwnerOf } from './profile.policy';
import { presentProfileDetails } from './profile.presenter';
import type { ProfileService } from './profile.service';

/** spec §7 GET /api/pcsx/profile_details and POST /api/pcsx/profile_edit (issue 11). */
export const profileRoutes: FastifyPluginAsync<{ profile: ProfileService; config: { staticHost: string } }> = async (app, { profile, config }) => {
  app.get('/api/pcsx/profile_details', async (request): Promise<ProfileDetailsResponse> => {
    const owner = profileOwnerOf(request);
    return presentProfileDetails(await profile.details(owner), config.staticHost);
  });

  app.post('/api/pcsx/profile_edit', async (request): Promise<ProfileDetailsResponse> => {
    const owner = profileOwnerOf(request);
    const edit = parseProfileEdit(request.body);
    return presentProfileDetails(await profile.edit(owner, edit), config.staticHost);
  });
};
