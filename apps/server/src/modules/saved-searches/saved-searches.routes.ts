import {
  SavedSearchCreateBodySchema,
  SavedSearchUpdateBodySchema,
  SAVED_SEARCHES_MAX,
  type SavedSearchResponse,
  type SavedSearchesResponse,
} from '@careers/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/parse';
import { tenantOf } from '../../http/request-context';
import { requireCandidate } from '../auth/auth.policy';
import type { SavedSearchOwner, SavedSearchesService } from './saved-searches.service';

const IdParamsSchema = z.object({ id: z.string().min(1).max(200) });
const DomainQuerySchema = z.object({ domain: z.string().max(253).optional() });
const DeleteBodySchema = z.object({ domain: z.string().max(253).optional() }).optional();

/**
 * Issue 12 "Saved searches": the signed-in candidate's saved searches. Session + CSRF as every /api/pcsx call;
 * where the tenant does not offer them (spec §6) every call answers 404.
 */
export const savedSearchesRoutes: FastifyPluginAsync<{ savedSearches: SavedSearchesService }> = async (app, { savedSearches }) => {
  const ownerOf = (request: FastifyRequest): SavedSearchOwner => ({ tenant: tenantOf(request), candidateId: requireCandidate(request).candidate.id });

  app.get('/api/pcsx/saved_searches', async (request): Promise<SavedSearchesResponse> => {
    const owner = ownerOf(request);
    parseInput(DomainQuerySchema, request.query);
    return { data: await savedSearches.list(owner), max: SAVED_SEARCHES_MAX };
  });

  app.post('/api/pcsx/saved_searches', async (request, reply): Promise<SavedSearchResponse> => {
    const owner = ownerOf(request);
    const body = parseInput(SavedSearchCreateBodySchema, request.body);
    const { savedSearch, isNew } = await savedSearches.create(owner, body);
    reply.code(isNew ? 201 : 200);
    return { data: savedSearch };
  });

  app.post('/api/pcsx/saved_searches/:id', async (request): Promise<SavedSearchResponse> => {
    const owner = ownerOf(request);
    const { id } = parseInput(IdParamsSchema, request.params);
    const body = parseInput(SavedSearchUpdateBodySchema, request.body);
    return { data: await savedSearches.update(owner, id, body) };
  });

  app.delete('/api/pcsx/saved_searches/:id', async (request): Promise<{ data: { id: string; deleted: true } }> => {
    const owner = ownerOf(request);
    const { id } = parseInput(IdParamsSchema, request.params);
    parseInput(DeleteBodySchema, request.body);
    await savedSearches.remove(owner, id);
    return { data: { id, deleted: true } };
  });
};
