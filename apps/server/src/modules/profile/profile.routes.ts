import type { ProfileAnalysisResponse, ProfileDetailsResponse } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { PROFILE_RESUME_PDF_PATH } from '@careers/contracts';
import { requestLocale } from '../../http/request-locale';
import { attachmentDisposition } from '../offers/offer-files';
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

  app.get('/api/pcsx/profile_analysis', async (request): Promise<ProfileAnalysisResponse> => {
    return { data: await profile.analysis(profileOwnerOf(request)) };
  });

  /** /careers/export-resume's download: the profile as a PDF resume, always a download (never rendered inline). */
  app.get(PROFILE_RESUME_PDF_PATH, async (request, reply) => {
    const { pdf, fileName } = await profile.exportResume(profileOwnerOf(request), requestLocale(request));
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(Buffer.from(pdf));
  });
};
