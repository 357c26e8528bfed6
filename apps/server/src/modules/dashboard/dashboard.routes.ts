import type { NudgesResponse } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import type { EventsService } from '../events/events.service';
import type { InterviewsService } from '../interviews/interviews.service';
import { attachmentDisposition } from '../offers/offer-files';
import type { ReferralsService } from '../referrals/referrals.service';
import type { DashboardService } from './dashboard.service';

export interface DashboardRoutesOptions {
  dashboard: DashboardService;
  interviews: Pick<InterviewsService, 'listForCandidate' | 'interviewCalendar'>;
  events: Pick<EventsService, 'listForCandidate'>;
  referrals: Pick<ReferralsService, 'listForCandidate'>;
}

/** Our interview ids are uuids or seeded names: anything longer names nothing (404 before SQL). */
const InterviewIdSchema = z.object({ interviewId: z.string().min(1).max(64) });

export const DashboardRouteMessages = { referralsOff: 'Referrals are not available on this site.' } as const;

/**
 * The dashboard's calls (spec §7 dashboard/*; issue 11). dashboard/applications lives with applications; these read
 * the signed-in candidate's own data in the request's tenant and nothing else (another's interview is 404).
 */
export const dashboardRoutes: FastifyPluginAsync<DashboardRoutesOptions> = async (app, { dashboard, interviews, events, referrals }) => {
  app.get('/api/pcsx/dashboard/nudges', async (request): Promise<NudgesResponse> => {
    const { candidate } = requireCandidate(request);
    return { nudges: await dashboard.nudges(tenantOf(request), candidate) };
  });

  app.get('/api/pcsx/dashboard/interviews', async (request) => {
    const { candidate } = requireCandidate(request);
    return { data: await interviews.listForCandidate(tenantOf(request).id, candidate.id) };
  });

  // The interview as a calendar file (RFC 5545): a download, never shown inline.
  app.get('/api/pcsx/dashboard/interviews/:interviewId/calendar.ics', async (request, reply) => {
    const { candidate } = requireCandidate(request);
    const { interviewId } = parseInput(InterviewIdSchema, request.params);
    const file = await interviews.interviewCalendar(tenantOf(request).id, candidate.id, interviewId);
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', attachmentDisposition(file.fileName)).send(file.text);
  });

  app.get('/api/pcsx/dashboard/events', async (request) => {
    const { candidate } = requireCandidate(request);
    return { data: await events.listForCandidate(tenantOf(request).id, candidate.id) };
  });

  // spec §3 gates.referralWithCandidateApplicationGate: without it the site has no referrals to show.
  app.get('/api/pcsx/dashboard/referrals', async (request) => {
    const { candidate } = requireCandidate(request);
    const tenant = tenantOf(request);
    if (!tenant.config.gates.referralWithCandidateApplicationGate) throw new NotFoundError(DashboardRouteMessages.referralsOff);
    return { data: { referrals: await referrals.listForCandidate(tenant.id, candidate.id) } };
  });
};
