import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyTenantOf } from '../../http/request-context';
import { PositionInputSchema, type PositionWritesService } from './position-writes.service';
import { ADMIN_POSITIONS_PAGE_MAX, AdminPositionPageSchema, AdminPositionSchema, type PositionsAdminService } from './positions-admin.service';

const PositionIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).describe('The position id') });
const PositionInput = PositionInputSchema;

const ListQuery = z.object({
  archived: z.enum(['true', 'false']).optional().describe('Only archived (true) or only open (false) positions; both when absent'),
  externalRef: z.string().min(1).max(200).optional().describe("The company's own reference"),
  cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(ADMIN_POSITIONS_PAGE_MAX).default(50),
});

const TAGS = ['Positions'];

/**
 * Positions of the key's tenant (issue 10). POST creates (409 when the externalRef is taken: the bulk upsert
 * route is the idempotent one), PUT replaces, archive/unarchive move a position out of and back into search
 * on every process. Another tenant's id answers 404.
 */
export const adminPositionsRoutes: FastifyPluginAsync<{ positions: PositionsAdminService; positionWrites: PositionWritesService }> = async (app, { positions, positionWrites }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();

  admin.get(
    '/positions',
    { schema: { tags: TAGS, summary: 'List positions', description: 'By ascending id, with cursor pagination.', querystring: ListQuery, response: { 200: AdminPositionPageSchema } } },
    async (request) => {
      const { archived, externalRef, cursor, limit } = request.query;
      return positions.list(apiKeyTenantOf(request), { archived: archived === undefined ? undefined : archived === 'true', externalRef, cursor, limit });
    },
  );

  admin.post(
    '/positions',
    {
      schema: {
        tags: TAGS,
        summary: 'Create a position',
        description: 'Answers 409 when the tenant already has a position with this externalRef (use PUT, or the bulk upsert).',
        body: PositionInput,
        response: { 201: AdminPositionSchema },
      },
    },
    async (request, reply) => {
      const tenantId = apiKeyTenantOf(request);
      const written = await positionWrites.createPosition(tenantId, request.body);
      return reply.code(201).send(await positions.get(tenantId, written.id));
    },
  );

  admin.get(
    '/positions/:id',
    { schema: { tags: TAGS, summary: 'Read a position', params: PositionIdParams, response: { 200: AdminPositionSchema } } },
    async (request) => positions.get(apiKeyTenantOf(request), request.params.id),
  );

  admin.put(
    '/positions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Replace a position',
        description: 'Every field is replaced; an archived position stays archived. 409 when the new externalRef belongs to another position.',
        params: PositionIdParams,
        body: PositionInput,
        response: { 200: AdminPositionSchema },
      },
    },
    async (request) => {
      const tenantId = apiKeyTenantOf(request);
      await positionWrites.replacePosition(tenantId, request.params.id, request.body);
      return positions.get(tenantId, request.params.id);
    },
  );

  const stateChanges = [
    { path: '/positions/:id/archive', summary: 'Archive a position', description: 'It leaves search and the sitemap; saved jobs and the cart show it closed. Archiving again changes nothing.', change: positionWrites.archivePosition },
    { path: '/positions/:id/unarchive', summary: 'Reopen an archived position', description: 'Search finds it again. Unarchiving an open position changes nothing.', change: positionWrites.unarchivePosition },
  ] as const;
  for (const { path, summary, description, change } of stateChanges) {
    admin.post(path, { schema: { tags: TAGS, summary, description, params: PositionIdParams, response: { 200: AdminPositionSchema } } }, async (request) => {
      const tenantId = apiKeyTenantOf(request);
      await change(tenantId, request.params.id);
      return positions.get(tenantId, request.params.id);
    });
  }
};
