import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CandidateQuery, candidateRefOf, CursorQuery, cursorKey, IdParam, keysetPage } from '../../http/admin-schemas';
import { apiKeyTenantOf } from '../../http/request-context';
import { Instant, InterviewKindSchema as Kind, InterviewStatusSchema as Status, newInterviewOf, RescheduleBody, ScheduleBody } from './interview-input';
import type { InterviewsService } from './interviews.service';

/**
 * Interviews of the key's tenant (issue 10 "interviews (schedule, reschedule, cancel, with time zone)"). Each
 * change notifies the candidate (a link to the dashboard's interviews tab) and is sent to the tenant's
 * interview.scheduled / interview.rescheduled / interview.canceled webhooks, in the change's own transaction.
 * Another tenant's interview, candidate, application or position answers 404.
 */

export const ADMIN_INTERVIEWS_PAGE_MAX = 200;
const TAGS = ['Interviews'];

export const AdminInterviewSchema = z
  .object({
    id: z.string(),
    candidateId: z.string(),
    applicationId: z.string().nullable(),
    positionId: z.number().int().nullable(),
    positionName: z.string().nullable(),
    startsAt: z.string().describe('UTC instant'),
    endsAt: z.string().describe('UTC instant'),
    durationMinutes: z.number().int(),
    timeZone: z.string(),
    kind: Kind,
    location: z.string().nullable(),
    meetingUrl: z.string().nullable(),
    interviewers: z.array(z.string()),
    status: Status,
    notes: z.string().nullable(),
    sequence: z.number().int().describe('Calendar SEQUENCE: bumped by each reschedule and by the cancel'),
    createdAt: z.string(),
    updatedAt: z.string(),
    canceledAt: z.string().nullable(),
  })
  .meta({ id: 'Interview' });

const Params = z.object({ id: IdParam.describe('The interview id') });

const ListQuery = z.object({
  candidate: CandidateQuery.optional(),
  applicationId: IdParam.optional().describe('Only interviews for this application'),
  status: Status.optional(),
  from: Instant.optional().describe('Starting at or after this instant'),
  to: Instant.optional().describe('Starting before this instant'),
  cursor: CursorQuery,
  limit: z.coerce.number().int().min(1).max(ADMIN_INTERVIEWS_PAGE_MAX).default(50),
});

const cursorOf = (cursor: string | undefined) => {
  const key = cursorKey(cursor);
  return key && { startsAt: key[0], id: key[1] };
};

export const adminInterviewsRoutes: FastifyPluginAsync<{ interviews: InterviewsService }> = async (app, { interviews }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();

  admin.get(
    '/interviews',
    {
      schema: {
        tags: TAGS,
        summary: 'List interviews',
        description: 'By start time (soonest first), with cursor pagination.',
        querystring: ListQuery,
        response: { 200: z.object({ items: z.array(AdminInterviewSchema), nextCursor: z.string().nullable() }).meta({ id: 'InterviewPage' }) },
      },
    },
    async (request) => {
      const { candidate, applicationId, status, from, to, cursor, limit } = request.query;
      const rows = await interviews.list(apiKeyTenantOf(request), {
        candidate: candidate === undefined ? undefined : candidateRefOf(candidate),
        applicationId,
        status,
        from: from === undefined ? undefined : new Date(from).toISOString(),
        to: to === undefined ? undefined : new Date(to).toISOString(),
        after: cursorOf(cursor),
        limit: limit + 1,
      });
      return keysetPage(rows, limit, (item) => [item.startsAt, item.id]);
    },
  );

  admin.post(
    '/interviews',
    {
      schema: {
        tags: TAGS,
        summary: 'Schedule an interview',
        description: 'The candidate is notified and `interview.scheduled` is sent to the tenant’s webhooks, in one transaction.',
        body: ScheduleBody,
        response: { 201: AdminInterviewSchema },
      },
    },
    async (request, reply) => {
      const created = await interviews.schedule(apiKeyTenantOf(request), newInterviewOf(request.body));
      return reply.code(201).send(created);
    },
  );

  admin.get(
    '/interviews/:id',
    { schema: { tags: TAGS, summary: 'Read an interview', params: Params, response: { 200: AdminInterviewSchema } } },
    async (request) => interviews.get(apiKeyTenantOf(request), request.params.id),
  );

  admin.post(
    '/interviews/:id/reschedule',
    {
      schema: {
        tags: TAGS,
        summary: 'Reschedule an interview',
        description: 'A new time (and whatever else changes with it). Status becomes `rescheduled` and `sequence` goes up by one; the candidate is notified and `interview.rescheduled` is sent. A canceled interview answers 409.',
        params: Params,
        body: RescheduleBody,
        response: { 200: AdminInterviewSchema },
      },
    },
    async (request) => interviews.reschedule(apiKeyTenantOf(request), request.params.id, request.body),
  );

  admin.post(
    '/interviews/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Cancel an interview',
        description: 'The candidate is notified (their calendar file becomes a cancellation) and `interview.canceled` is sent. Canceling again changes nothing.',
        params: Params,
        response: { 200: AdminInterviewSchema },
      },
    },
    async (request) => interviews.cancel(apiKeyTenantOf(request), request.params.id),
  );
};
