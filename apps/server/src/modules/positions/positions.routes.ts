import {
  PositionDetailsQuerySchema,
  PositionQuerySchema,
  type MatchDetailsResponse,
  type OverridesResponse,
  type PositionInsights,
} from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import type { PositionsService } from './positions.service';

/** spec §7 position calls. Non-200 answers count as failures on the client (spec §8). */
export const positionsRoutes: FastifyPluginAsync<{ positions: PositionsService }> = async (app, { positions }) => {
  app.get('/api/pcsx/position_details', async (request, reply) => {
    const query = parseInput(PositionDetailsQuerySchema, request.query);
    const body = await positions.getDetailsJson(tenantOf(request), query.position_id, request.session?.candidate.id ?? null, query.queried_location);
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // The signed-in candidate's profile against the position; signed out: 401 + x-login (nothing to compare).
  app.get('/api/pcsx/match_details', async (request): Promise<MatchDetailsResponse> => {
    const { candidate } = requireCandidate(request);
    const query = parseInput(PositionQuerySchema, request.query);
    return positions.getMatchDetails(tenantOf(request), query.position_id, candidate);
  });

  app.get('/api/pcsx/position_insights', async (request): Promise<PositionInsights> => {
    const query = parseInput(PositionQuerySchema, request.query);
    return positions.getInsights(tenantOf(request), query.position_id);
  });

  app.get('/api/pcsx/overrides', async (request): Promise<OverridesResponse> => {
    const query = parseInput(PositionQuerySchema, request.query);
    return positions.getOverrides(tenantOf(request), query.position_id);
  });
};
