import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PayloadTooLargeError } from '../../errors';
import { apiKeyTenantOf } from '../../http/request-context';
import type { PositionBatchService } from './position-batch.service';
import { PositionInputSchema } from './position-rows';

/**
 * POST /api/admin/v1/positions/bulk (issue 10): an integrator's batch of positions upserted by its own
 * external references through the same batch write as `careers positions import` — one transaction (a
 * batch with one bad record applies nothing: 400 with each record's problem), idempotent (the same batch
 * twice changes nothing), for the key's tenant only.
 */

/** Positions per call: a batch is one transaction, and one request should not hold the writer for long. */
export const BULK_MAX_POSITIONS = 10_000;
/** 10,000 positions with long descriptions; Fastify's 1 MB default would refuse a few hundred. */
const BULK_BODY_LIMIT = 64 * 1024 * 1024;

const BulkBodySchema = z.object({
  positions: z.array(PositionInputSchema).min(1),
  /** Archive the tenant's open positions the batch does not name (the batch is the whole list). */
  archiveMissing: z.boolean().default(false),
  /** Report what would change without writing. */
  dryRun: z.boolean().default(false),
});

const BulkResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  archived: z.number().int(),
  /** Each record's position id in the batch's order (null: a record a dry run would create). */
  ids: z.array(z.number().int().nullable()),
  dryRun: z.boolean(),
});

export const positionsBulkAdminRoutes: FastifyPluginAsync<{ positionBatch: PositionBatchService }> = async (app, options) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();
  admin.post(
    '/positions/bulk',
    {
      bodyLimit: BULK_BODY_LIMIT,
      // Counted before the records are validated: 413, not a list of 10,001 problems.
      preValidation: async (request) => {
        const body = request.body as { positions?: unknown } | null | undefined;
        if (Array.isArray(body?.positions) && body.positions.length > BULK_MAX_POSITIONS) throw new PayloadTooLargeError();
      },
      schema: {
        summary: 'Create or update many positions by external reference',
        description: `Up to ${BULK_MAX_POSITIONS} positions per call (413 above), applied in one transaction: any bad record (400, each problem named by its index) applies nothing. A record identical to the stored position is left alone, so the same batch twice changes nothing. A named archived position opens again. Searches find the changes within a second.`,
        tags: ['Positions'],
        body: BulkBodySchema,
        response: { 200: BulkResultSchema },
      },
    },
    async (request) => {
      const { positions, archiveMissing, dryRun } = request.body;
      return options.positionBatch.upsertPositions(apiKeyTenantOf(request), positions, { archiveMissing, dryRun });
    },
  );
};
