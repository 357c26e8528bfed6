import {
  APPLY_BODY_LIMIT_BYTES,
  ApplicationIdSchema,
  ApplyBodySchema,
  ApplyFormQuerySchema,
  ApplyMessages,
  DRAFT_BODY_LIMIT_BYTES,
  DraftDeleteBodySchema,
  DraftSaveBodySchema,
} from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { RateLimits } from '../../http/rate-limit';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import { applyViewer } from './applications.policy';
import type { ApplicationsService } from './applications.service';
import type { DraftApplicationsService } from './draft-applications.service';

/** Submits per client IP (RateLimits.applyPerMinute); autosaves and reads are not limited. */
export const submitRateLimit = (limits: RateLimits) => ({ rateLimit: { max: limits.applyPerMinute, timeWindow: 60_000 } });

const WithdrawBodySchema = z.object({ reason: z.string().trim().max(500).optional(), domain: z.string().max(253).optional() });
const DraftListQuerySchema = z.object({
  include_values: z.enum(['true', 'false', '1', '0']).optional().transform((flag) => flag === 'true' || flag === '1'),
  domain: z.string().max(253).optional(),
});

/**
 * Applying (issue 9; spec §2 /careers/apply, §7 draft_applications, dashboard/applications). The apply form and
 * the submit are open to logged-out visitors only where applyFormConfig.enableLoggedOutApply says so (spec §2
 * "protected only when logged-out apply is disabled"); everything else needs the signed-in candidate.
 */
export const applicationsRoutes: FastifyPluginAsync<{ applications: ApplicationsService; drafts: DraftApplicationsService; limits: RateLimits }> = async (
  app,
  { applications, drafts, limits },
) => {
  app.get('/api/pcsx/apply_form', async (request) => {
    const viewer = applyViewer(request);
    const query = parseInput(ApplyFormQuerySchema, request.query);
    return { data: await applications.applyForm(tenantOf(request), viewer, query.pid) };
  });

  app.post('/api/pcsx/apply', { bodyLimit: APPLY_BODY_LIMIT_BYTES, config: submitRateLimit(limits) }, async (request, reply) => {
    const viewer = applyViewer(request);
    const body = parseInput(ApplyBodySchema, request.body);
    const created = await applications.submit(tenantOf(request), viewer, body.position_ids, body.values);
    reply.code(201);
    return { data: { applications: created, message: ApplyMessages.applied(created.length) } };
  });

  app.get('/api/pcsx/dashboard/applications', async (request) => {
    const { candidate } = requireCandidate(request);
    return { data: await applications.dashboard(tenantOf(request).id, candidate.id) };
  });

  app.post('/api/pcsx/applications/:applicationId/withdraw', async (request) => {
    const { candidate } = requireCandidate(request);
    const { applicationId } = parseInput(ApplicationIdSchema, request.params);
    const body = parseInput(WithdrawBodySchema, request.body);
    return { data: await applications.withdraw(tenantOf(request).id, candidate.id, applicationId, body.reason || null) };
  });

  app.get('/api/pcsx/draft_applications', async (request) => {
    const { candidate } = requireCandidate(request);
    const query = parseInput(DraftListQuerySchema, request.query);
    return { draft_applications: await drafts.list(tenantOf(request).id, candidate.id, query.include_values) };
  });

  app.put('/api/pcsx/draft_applications', { bodyLimit: DRAFT_BODY_LIMIT_BYTES }, async (request) => {
    const { candidate } = requireCandidate(request);
    const body = parseInput(DraftSaveBodySchema, request.body);
    const saved = await drafts.save(tenantOf(request).id, candidate.id, body.position_ids, body.values);
    return { data: { updated_at: saved.updatedAt } };
  });

  app.delete('/api/pcsx/draft_applications', async (request) => {
    const { candidate } = requireCandidate(request);
    const body = parseInput(DraftDeleteBodySchema, request.body);
    const result = await drafts.delete(tenantOf(request).id, candidate.id, body.position_ids);
    return { data: { deleted: result.deleted, message: ApplyMessages.draftDeleted } };
  });
};
