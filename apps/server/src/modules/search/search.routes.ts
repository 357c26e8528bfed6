import { parseSearchQuery } from '@careers/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config';
import { ValidationError } from '../../errors';
import { sendJson } from '../../http/compressible-json';
import { searchRateLimit, type RateLimits } from '../../http/rate-limit';
import { tenantOf } from '../../http/request-context';
import type { TenantsService } from '../tenants/tenants.service';
import { searchBody } from './search.presenter';
import type { SearchService } from './search.service';

export interface SearchRoutesOptions {
  search: SearchService;
  tenants: TenantsService;
  config: AppConfig;
  limits: RateLimits;
}

/** A NUL anywhere in the query string is refused like every other input (T15), not searched for. */
function hasNul(query: unknown): boolean {
  if (query === null || typeof query !== 'object') return false;
  return Object.entries(query).some(
    ([key, value]) => key.includes('\u0000') || (Array.isArray(value) ? value : [value]).some((item) => typeof item === 'string' && item.includes('\u0000')),
  );
}

export const searchRoutes: FastifyPluginAsync<SearchRoutesOptions> = async (app, { search, tenants, config, limits }) => {
  // Once the server listens, build the default site's index in the background, so the first visitor
  // does not wait for it; readiness does not wait either (P10 cold start).
  app.addHook('onListen', async () => {
    void tenants
      .resolve(undefined)
      .then((tenant) => (tenant ? search.warmUp(tenant) : undefined))
      .catch((error: unknown) => app.log.warn({ err: error }, 'search index warm-up failed; the first search builds it'));
  });

  // spec §7 GET /api/pcsx/search; bad input is a 400 with one message per field (contracts search.ts).
  app.get('/api/pcsx/search', { config: searchRateLimit(limits) }, async (request, reply) => {
    if (hasNul(request.query)) throw new ValidationError({ _: 'Contains a character that is not allowed' });
    const parsed = parseSearchQuery(request.query);
    if (!parsed.ok) throw new ValidationError(parsed.fields, parsed.message);
    // contracts SearchResponse; a cached anonymous answer's body is written and gzipped once (searchBody).
    const result = await search.search({
      tenant: tenantOf(request),
      query: parsed.value,
      candidateId: request.session?.candidate.id ?? null,
      // T23: `debug` is inert in production, whoever asks.
      withDebug: parsed.value.debug && config.nodeEnv !== 'production',
    });
    return sendJson(request, reply, searchBody(result));
  });
};
