import { APPLY_BODY_LIMIT_BYTES, DRAFT_BODY_LIMIT_BYTES, FormRequestIdSchema, FormRequestSaveBodySchema, FormsListQuerySchema } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/parse';
import type { RateLimits } from '../../http/rate-limit';
import { submitRateLimit } from './applications.routes';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import type { FormRequestsService } from './form-requests.service';

/**
 * The forms center (spec §7 GET /api/pcsx/forms_list with tab_id and include_tab_list) and one requested form:
 * read it, save progress (PUT), submit it (POST, judged like an application).
 */
export const formRequestsRoutes: FastifyPluginAsync<{ formRequests: FormRequestsService; limits: RateLimits }> = async (app, { formRequests, limits }) => {
  app.get('/api/pcsx/forms_list', async (request) => {
    const { candidate } = requireCandidate(request);
    const query = parseInput(FormsListQuerySchema, request.query);
    return { data: await formRequests.list(tenantOf(request).id, candidate.id, query.tab_id, query.include_tab_list) };
  });

  app.get('/api/pcsx/forms/:formRequestId', async (request) => {
    const { candidate } = requireCandidate(request);
    const { formRequestId: id } = parseInput(FormRequestIdSchema, request.params);
    return { data: await formRequests.get(tenantOf(request).id, candidate.id, id) };
  });

  app.put('/api/pcsx/forms/:formRequestId', { bodyLimit: DRAFT_BODY_LIMIT_BYTES }, async (request) => {
    const { candidate } = requireCandidate(request);
    const { formRequestId: id } = parseInput(FormRequestIdSchema, request.params);
    const body = parseInput(FormRequestSaveBodySchema, request.body);
    return { data: await formRequests.save(tenantOf(request).id, candidate.id, id, body.values) };
  });

  app.post('/api/pcsx/forms/:formRequestId', { bodyLimit: APPLY_BODY_LIMIT_BYTES, config: submitRateLimit(limits) }, async (request) => {
    const { candidate } = requireCandidate(request);
    const { formRequestId: id } = parseInput(FormRequestIdSchema, request.params);
    const body = parseInput(FormRequestSaveBodySchema, request.body);
    return { data: await formRequests.submit(tenantOf(request), candidate.id, id, body.values) };
  });
};
