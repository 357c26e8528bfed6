import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CursorQuery, cursorKey, IdParam, keysetPage, PlainText } from '../../http/admin-schemas';
import { apiKeyTenantOf } from '../../http/request-context';
import { REFERRAL_STATUSES, type ReferralsService } from './referrals.service';

/**
 * Referrals of the key's tenant (issue 10 "referrals"): create, list, read, update the status. A referral is
 * linked to the referred person's account when the email has one in the tenant; their dashboard then shows it
 * (with the referrer's name, never the referrer's email). Another tenant's referral or position: 404.
 */

const TAGS = ['Referrals'];
export const ADMIN_REFERRALS_PAGE_MAX = 200;
const Status = z.enum(REFERRAL_STATUSES);

const AdminReferralSchema = z
  .object({
    id: z.string(),
    candidateId: z.string().nullable().describe('The referred person’s account, when they had one when referred'),
    referredEmail: z.string(),
    referredName: z.string().nullable(),
    referrerName: z.string(),
    referrerEmail: z.string(),
    positionId: z.number().int().nullable(),
    positionName: z.string().nullable(),
    status: Status,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Referral' });

const CreateBody = z.object({
  referredEmail: z.email().max(320),
  referredName: PlainText(200).nullable().default(null),
  referrerName: PlainText(200),
  referrerEmail: z.email().max(320),
  positionId: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  status: Status.default('referred'),
});

const Params = z.object({ id: IdParam.describe('The referral id') });
const ListQuery = z.object({
  status: Status.optional(),
  cursor: CursorQuery,
  limit: z.coerce.number().int().min(1).max(ADMIN_REFERRALS_PAGE_MAX).default(50),
});

export const adminReferralsRoutes: FastifyPluginAsync<{ referrals: ReferralsService }> = async (app, { referrals }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();

  admin.get(
    '/referrals',
    {
      schema: {
        tags: TAGS,
        summary: 'List referrals',
        description: 'Newest first, with cursor pagination.',
        querystring: ListQuery,
        response: { 200: z.object({ items: z.array(AdminReferralSchema), nextCursor: z.string().nullable() }).meta({ id: 'ReferralPage' }) },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const key = cursorKey(cursor);
      const after = key && { createdAt: key[0], id: key[1] };
      const rows = await referrals.list(apiKeyTenantOf(request), { status, limit: limit + 1, after });
      return keysetPage(rows, limit, (item) => [item.createdAt, item.id]);
    },
  );

  admin.post(
    '/referrals',
    { schema: { tags: TAGS, summary: 'Record a referral', body: CreateBody, response: { 201: AdminReferralSchema } } },
    async (request, reply) => reply.code(201).send(await referrals.create(apiKeyTenantOf(request), request.body)),
  );

  admin.get(
    '/referrals/:id',
    { schema: { tags: TAGS, summary: 'Read a referral', params: Params, response: { 200: AdminReferralSchema } } },
    async (request) => referrals.get(apiKeyTenantOf(request), request.params.id),
  );

  admin.post(
    '/referrals/:id/status',
    { schema: { tags: TAGS, summary: 'Update a referral’s status', params: Params, body: z.object({ status: Status }), response: { 200: AdminReferralSchema } } },
    async (request) => referrals.updateStatus(apiKeyTenantOf(request), request.params.id, request.body.status),
  );
};
