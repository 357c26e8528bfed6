import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApplicationStageSchema } from '@careers/contracts';
import { z } from 'zod';
import { CandidateRefBody } from '../../http/admin-schemas';
import { apiKeyOf, apiKeyTenantOf } from '../../http/request-context';
import { attachmentDisposition } from '../offers/offer-files';
import { contentTypeOf } from './application-files';
import {
  ADMIN_APPLICATIONS_PAGE_MAX,
  AdminApplicationDetailSchema,
  AdminApplicationPageSchema,
  decodeApplicationCursor,
  encodeApplicationCursor,
  presentAdminApplication,
  presentAdminApplicationDetail,
} from './applications-admin.presenter';
import type { ApplicationsService } from './applications.service';
import type { FormRequestsService } from './form-requests.service';

/** Ids are UUIDs or the seed's slugs; anything else (a NUL byte PostgreSQL refuses, say) is a 400 at the edge. */
const Id = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not an id');
/** Free text PostgreSQL can store (it refuses NUL in text). */
const noNul = (schema: z.ZodString) => schema.refine((text) => !text.includes('\u0000'), 'Must not contain NUL characters');
const ApplicationParams = z.object({ id: Id.describe('The application id') });
const FileParams = z.object({ id: Id.describe('The application id'), fileId: Id.describe('fileId from the application’s files') });

const ListQuery = z.object({
  positionId: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('Only applications to this position'),
  stage: ApplicationStageSchema.optional().describe('Only applications in this stage'),
  updatedSince: z.iso.datetime({ offset: true }).optional().describe('Only applications changed at or after this instant (ISO 8601)'),
  cursor: z.string().min(1).max(300).optional().describe('nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(ADMIN_APPLICATIONS_PAGE_MAX).default(50),
});

const StageBody = z.object({
  stage: ApplicationStageSchema.describe('submitted → screening → interview → offer → hired; one step back; rejected from any open stage'),
  reason: noNul(z.string().trim().max(2000)).nullable().optional().describe('The company’s note; never shown to the candidate'),
});

const FormRequestBody = z.object({
  candidate: CandidateRefBody,
  formKey: noNul(z.string().min(1).max(100)).describe('The key of one of the tenant’s form definitions (e.g. "preboarding")'),
  dueAt: z.iso.datetime({ offset: true }).nullable().optional().describe('When it is due (ISO 8601, in the future)'),
});

const FormRequestSchema = z
  .object({
    id: z.string(),
    candidateId: z.string(),
    formKey: z.string(),
    title: z.string(),
    status: z.enum(['open', 'in_progress', 'completed']),
    dueAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'FormRequest' });

const FormRequestsQuery = z.object({ candidate: noNul(z.string().min(1).max(320)).describe('The candidate’s id or email') });

const TAGS = ['Applications'];
const FORM_TAGS = ['Form requests'];

/**
 * Candidates' progress for the key's tenant (issue 10): applications (list, read with answers, files and every
 * stage event, the files' bytes, stage moves with a reason) and form requests. Stage moves and form requests
 * notify the candidate and the tenant's webhooks in the same transaction (issue 12). Another tenant's id is 404.
 */
export const adminApplicationsRoutes: FastifyPluginAsync<{ applications: ApplicationsService; formRequests: FormRequestsService }> = async (
  app,
  { applications, formRequests },
) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();

  admin.get(
    '/applications',
    {
      schema: {
        tags: TAGS,
        summary: 'List applications',
        description: 'Newest first, with cursor pagination.',
        querystring: ListQuery,
        response: { 200: AdminApplicationPageSchema },
      },
    },
    async (request) => {
      const { positionId, stage, updatedSince, cursor, limit } = request.query;
      const rows = await applications.listForEmployer(apiKeyTenantOf(request), {
        positionId,
        stage,
        updatedSince: updatedSince === undefined ? undefined : new Date(updatedSince).toISOString(),
        after: cursor === undefined ? undefined : decodeApplicationCursor(cursor),
        limit: limit + 1,
      });
      const items = rows.slice(0, limit).map(presentAdminApplication);
      const last = items[items.length - 1];
      return { items, nextCursor: rows.length > limit && last ? encodeApplicationCursor(last) : null };
    },
  );

  admin.get(
    '/applications/:id',
    { schema: { tags: TAGS, summary: 'Read an application', description: 'Answers, files (metadata) and every stage event with its actor and reason.', params: ApplicationParams, response: { 200: AdminApplicationDetailSchema } } },
    async (request) => presentAdminApplicationDetail(await applications.getApplication(apiKeyTenantOf(request), request.params.id)),
  );

  admin.get(
    '/applications/:id/files/:fileId',
    { schema: { tags: TAGS, summary: 'Download a file of an application', description: 'The bytes as uploaded, typed by their content (checked when uploaded).', params: FileParams } },
    async (request, reply) => {
      const file = await applications.getApplicationFile(apiKeyTenantOf(request), request.params.id, request.params.fileId);
      return reply
        .type(contentTypeOf(file.fileType))
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );

  admin.post(
    '/applications/:id/stage',
    {
      schema: {
        tags: TAGS,
        summary: 'Move an application to another stage',
        description:
          'The company may move forward (skipping stages), step back one stage, or reject from any open stage; hired, rejected and withdrawn are final and only the candidate withdraws (409 otherwise). The candidate is notified and `application.stage_changed` is sent to the tenant’s webhooks.',
        params: ApplicationParams,
        body: StageBody,
        response: { 200: AdminApplicationDetailSchema },
      },
    },
    async (request) => {
      const key = apiKeyOf(request);
      const tenantId = key.tenantId;
      // The stage event names the key that moved it (its public id), beside the audit log's row.
      await applications.moveStage(tenantId, request.params.id, request.body.stage, request.body.reason || null, `employer:${key.keyId}`);
      return presentAdminApplicationDetail(await applications.getApplication(tenantId, request.params.id));
    },
  );

  admin.post(
    '/form-requests',
    {
      schema: {
        tags: FORM_TAGS,
        summary: 'Ask a candidate to fill a form',
        description: 'The candidate finds it in their forms center and gets an action-required notification.',
        body: FormRequestBody,
        response: { 201: FormRequestSchema },
      },
    },
    async (request, reply) => {
      const { candidate, formKey, dueAt } = request.body;
      const created = await formRequests.request(apiKeyTenantOf(request), { candidate, formKey, dueAt: dueAt ?? null });
      return reply.code(201).send(created);
    },
  );

  admin.get(
    '/form-requests',
    { schema: { tags: FORM_TAGS, summary: 'List a candidate’s form requests', description: 'Newest first.', querystring: FormRequestsQuery, response: { 200: z.object({ items: z.array(FormRequestSchema) }) } } },
    async (request) => {
      const { candidate } = request.query;
      return { items: await formRequests.listForCandidate(apiKeyTenantOf(request), candidate.includes('@') ? { email: candidate } : { id: candidate }) };
    },
  );
};
