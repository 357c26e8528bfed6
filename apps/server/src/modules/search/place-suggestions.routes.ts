import { PlaceSuggestionsQuerySchema, type PlaceSuggestionsResponse } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/parse';
import { searchRateLimit, type RateLimits } from '../../http/rate-limit';
import { tenantOf } from '../../http/request-context';
import type { SearchService } from './search.service';

/**
 * GET /api/pcsx/places?query=…: the location field's suggestions from the tenant's own places (issue 8 §6).
 * Public like the search it feeds, and limited like it (the field asks as the candidate types, debounced).
 */
export const placeSuggestionsRoutes: FastifyPluginAsync<{ search: SearchService; limits: RateLimits }> = async (app, { search, limits }) => {
  app.get('/api/pcsx/places', { config: searchRateLimit(limits) }, async (request): Promise<PlaceSuggestionsResponse> => {
    const { query } = parseInput(PlaceSuggestionsQuerySchema, request.query);
    return { places: await search.suggestPlaces(tenantOf(request), query) };
  });
};
