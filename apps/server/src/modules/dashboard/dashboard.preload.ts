import { bootQueryKeys, ROUTES, type PreloadedQuery } from '@careers/contracts';
import type { FastifyRequest } from 'fastify';
import { tenantOf } from '../../http/request-context';
import type { ApplicationsService } from '../applications/applications.service';
import type { ShellPreloadResolver } from '../shell/shell.preload';
import type { DashboardService } from './dashboard.service';

const DASHBOARD_PAGES = new Set([ROUTES.dashboard, ROUTES.dashboardV2].map((path) => path.toLowerCase()));

/**
 * The dashboard's first screen: the signed-in candidate's next steps and applications, as GET
 * /api/pcsx/dashboard/nudges and /api/pcsx/dashboard/applications answer them (same scope: this candidate in this
 * tenant), so the page shows them without a round trip or loading the response schemas (P6). Signed out, nothing:
 * the page sends the visitor to sign in. The HTML that carries them is never cached (the shell answers no-store).
 */
export function createDashboardPreload(deps: { dashboard: Pick<DashboardService, 'nudges'>; applications: Pick<ApplicationsService, 'dashboard'> }): ShellPreloadResolver {
  return async (request: FastifyRequest, path: string): Promise<PreloadedQuery[]> => {
    if (!DASHBOARD_PAGES.has(path.replace(/\/$/, '').toLowerCase()) || !request.session) return [];
    const tenant = tenantOf(request);
    const { candidate } = request.session;
    const [nudges, applications] = await Promise.all([deps.dashboard.nudges(tenant, candidate), deps.applications.dashboard(tenant.id, candidate.id)]);
    return [
      { key: [...bootQueryKeys.dashboardNudges()], data: { nudges } },
      { key: [...bootQueryKeys.dashboardApplications()], data: applications },
    ];
  };
}
