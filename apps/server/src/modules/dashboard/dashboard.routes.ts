import type { NudgesResponse } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import type { DashboardService } from './dashboard.service';

/**
 * The dashboard's calls (spec §7 dashboard/*; issue 11). dashboard/applications lives with applications; the
 * rest read the signed-in candidate's own data in the request's tenant and nothing else.
 */
export const dashboardRoutes: FastifyPluginAsync<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get('/api/pcsx/dashboard/nudges', async (request): Promise<NudgesResponse> => {
    const { candidate } = requireCandidate(request);
    return { nudges: await dashboard.nudges(tenantOf(request), candidate) };
  });
};
