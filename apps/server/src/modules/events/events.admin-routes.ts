import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CandidateRefBody, CursorQuery, cursorKey, IdParam, keysetPage, PlainText } from '../../http/admin-schemas';
import { apiKeyTenantOf } from '../../http/request-context';
import type { EventsService } from './events.service';

/**
 * Recruiting events of the key's tenant (issue 10 "events (create, register candidates)"): create, update,
 * list, read, register a candidate (or record attendance or a cancellation), list registrations. A registration
 * beyond the capacity, or to an event that is over, answers 409. Another tenant's event or candidate: 404.
 */

const TAGS = ['Events'];
export const ADMIN_EVENTS_PAGE_MAX = 200;
const Instant = z.iso.datetime({ offset: true });
const RegistrationStatus = z.enum(['registered', 'attended', 'canceled']);

const fields = {
  title: PlainText(200),
  // eslint-disable-next-line no-control-regex
  description: z.string().max(10_000).regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'must not contain control characters').describe('Plain text; line breaks allowed'),
  startsAt: Instant.describe('ISO 8601 with offset'),
  endsAt: Instant.describe('ISO 8601 with offset; after startsAt'),
  timeZone: PlainText(64).describe('IANA time zone the event is held in (e.g. "Europe/London")'),
  location: PlainText(500).nullable().describe('Address, or null for an online event'),
  url: z.url({ protocol: /^https$/ }).max(2000).nullable().describe('An https:// link (online event, sign-up page)'),
  capacity: z.number().int().min(1).max(1_000_000).nullable().describe('Seats; null for no limit'),
};
const EventBody = z.object({ ...fields, description: fields.description.default(''), location: fields.location.default(null), url: fields.url.default(null), capacity: fields.capacity.default(null) });
const EventPatch = z.object(fields).partial();

const AdminEventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    timeZone: z.string(),
    location: z.string().nullable(),
    url: z.string().nullable(),
    capacity: z.number().int().nullable(),
    registered: z.number().int().describe('Seats taken (registered or attended)'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Event' });

const RegistrationSchema = z
  .object({
    eventId: z.string(),
    candidateId: z.string(),
    email: z.string(),
    name: z.string(),
    status: RegistrationStatus,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EventRegistration' });

const Params = z.object({ id: IdParam.describe('The event id') });
const ListQuery = z.object({
  upcoming: z.enum(['true', 'false']).default('false').describe('Only events not yet over'),
  cursor: CursorQuery,
  limit: z.coerce.number().int().min(1).max(ADMIN_EVENTS_PAGE_MAX).default(50),
});
const RegisterBody = z.object({
  candidate: CandidateRefBody,
  status: RegistrationStatus.default('registered').describe('registered (takes a seat), attended, or canceled (frees it)'),
});

export const adminEventsRoutes: FastifyPluginAsync<{ events: EventsService }> = async (app, { events }) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();

  admin.get(
    '/events',
    {
      schema: {
        tags: TAGS,
        summary: 'List events',
        description: 'By start time, with cursor pagination.',
        querystring: ListQuery,
        response: { 200: z.object({ items: z.array(AdminEventSchema), nextCursor: z.string().nullable() }).meta({ id: 'EventPage' }) },
      },
    },
    async (request) => {
      const { upcoming, cursor, limit } = request.query;
      const key = cursorKey(cursor);
      const after = key && { startsAt: key[0], id: key[1] };
      const rows = await events.list(apiKeyTenantOf(request), { upcomingOnly: upcoming === 'true', limit: limit + 1, after });
      return keysetPage(rows, limit, (item) => [item.startsAt, item.id]);
    },
  );

  admin.post(
    '/events',
    { schema: { tags: TAGS, summary: 'Create an event', body: EventBody, response: { 201: AdminEventSchema } } },
    async (request, reply) => reply.code(201).send(await events.create(apiKeyTenantOf(request), request.body)),
  );

  admin.get(
    '/events/:id',
    { schema: { tags: TAGS, summary: 'Read an event', params: Params, response: { 200: AdminEventSchema } } },
    async (request) => events.get(apiKeyTenantOf(request), request.params.id),
  );

  admin.patch(
    '/events/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Update an event',
        description: 'The fields given change; the capacity cannot go below the seats already taken.',
        params: Params,
        body: EventPatch,
        response: { 200: AdminEventSchema },
      },
    },
    async (request) => events.update(apiKeyTenantOf(request), request.params.id, request.body),
  );

  admin.post(
    '/events/:id/registrations',
    {
      schema: {
        tags: TAGS,
        summary: 'Register a candidate (or record attendance or a cancellation)',
        description: 'Registering takes a seat (409 when the event is full or over) and notifies the candidate; registering again changes nothing.',
        params: Params,
        body: RegisterBody,
        response: { 200: RegistrationSchema },
      },
    },
    async (request) => events.register(apiKeyTenantOf(request), request.params.id, request.body.candidate, request.body.status),
  );

  admin.get(
    '/events/:id/registrations',
    { schema: { tags: TAGS, summary: 'List an event’s registrations', params: Params, response: { 200: z.object({ items: z.array(RegistrationSchema) }) } } },
    async (request) => ({ items: await events.registrations(apiKeyTenantOf(request), request.params.id) }),
  );
};
