import { SavePositionBodySchema, type SavePositionResponse, type SavedPositionsResponse } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import type { SavedJobsService } from './saved-jobs.service';

/** spec §7 GET /api/pcsx/positions/saved; saving uses POST on the same path (contracts SavePositionBodySchema). */
export const savedJobsRoutes: FastifyPluginAsync<{ savedJobs: SavedJobsService }> = async (app, { savedJobs }) => {
  app.get('/api/pcsx/positions/saved', async (request): Promise<SavedPositionsResponse> => {
    const { candidate } = requireCandidate(request);
    return savedJobs.list(tenantOf(request).id, candidate.id);
  });

  app.post('/api/pcsx/positions/saved', async (request): Promise<SavePositionResponse> => {
    const { candidate } = requireCandidate(request);
    const body = parseInput(SavePositionBodySchema, request.body);
    return savedJobs.setSaved(tenantOf(request).id, candidate.id, body.position_id, body.action);
  });
};
