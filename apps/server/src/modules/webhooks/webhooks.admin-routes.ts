import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiKeyTenantOf } from '../../http/request-context';
import { IdParam, PlainText } from '../../http/admin-schemas';
import { WEBHOOK_EVENT_TYPES } from './webhook-events';
import { WEBHOOK_URL_MAX_LENGTH } from './webhook-target';
import { DELIVERIES_PAGE_MAX, type DeliveryRecord, type EndpointRecord, type WebhooksService } from './webhooks.service';

/**
 * The employer API's webhooks (issue 10 "Webhooks per tenant"), under /api/admin/v1: register, list and delete
 * endpoints, and see their deliveries (delivered or failed, with attempts and the last error) and retry one.
 * Every delivery is a POST of JSON signed in `Careers-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`
 * (webhook-signature.ts says how to verify it and refuse replays older than 5 minutes).
 */

export interface AdminWebhooksRoutesOptions {
  webhooks: WebhooksService;
}

const tags = ['Webhooks'];

const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  created_at: z.string(),
});

const Delivery = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable().describe('When the next attempt is due (pending only).'),
  last_attempt_at: z.string().nullable(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  payload: z.string().describe('The exact JSON body sent and signed.'),
});

const WebhookParams = z.object({ id: IdParam });
const DeliveryParams = z.object({ id: IdParam, deliveryId: IdParam });

const presentWebhook = (endpoint: EndpointRecord): z.infer<typeof Webhook> => ({
  id: endpoint.id,
  url: endpoint.url,
  event_types: endpoint.eventTypes,
  enabled: endpoint.enabled,
  created_at: endpoint.createdAt,
});

const presentDelivery = (delivery: DeliveryRecord): z.infer<typeof Delivery> => ({
  id: delivery.id,
  webhook_id: delivery.endpointId,
  event_id: delivery.eventId,
  event_type: delivery.eventType,
  status: delivery.status,
  attempts: Number(delivery.attempts),
  next_attempt_at: delivery.status === 'pending' ? delivery.nextAttemptAt : null,
  last_attempt_at: delivery.lastAttemptAt,
  last_status_code: delivery.lastStatusCode,
  last_error: delivery.lastError,
  delivered_at: delivery.deliveredAt,
  created_at: delivery.createdAt,
  payload: delivery.payload,
});

export const adminWebhooksRoutes: FastifyPluginAsync<AdminWebhooksRoutesOptions> = async (app, options) => {
  const admin = app.withTypeProvider<ZodTypeProvider>();
  const { webhooks } = options;

  admin.post(
    '/webhooks',
    {
      schema: {
        summary: 'Register a webhook endpoint',
        description: 'The URL must be https and resolve to a public address. The signing secret is in this response only.',
        tags,
        body: z.object({
          url: PlainText(WEBHOOK_URL_MAX_LENGTH),
          event_types: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
          enabled: z.boolean().optional(),
        }),
        response: { 201: z.object({ webhook: Webhook, secret: z.string().describe('Shown once: signs every delivery.') }) },
      },
    },
    async (request, reply) => {
      const { url, event_types: eventTypes, enabled } = request.body;
      const created = await webhooks.create(apiKeyTenantOf(request), { url, eventTypes, enabled });
      return reply.code(201).send({ webhook: presentWebhook(created.endpoint), secret: created.secret });
    },
  );

  admin.get('/webhooks', { schema: { summary: 'List webhook endpoints', tags, response: { 200: z.object({ webhooks: z.array(Webhook) }) } } }, async (request) => ({
    webhooks: (await webhooks.list(apiKeyTenantOf(request))).map(presentWebhook),
  }));

  admin.delete(
    '/webhooks/:id',
    { schema: { summary: 'Delete a webhook endpoint', description: 'Nothing more is enqueued or sent to it; its deliveries stay readable.', tags, params: WebhookParams } },
    async (request, reply) => {
      await webhooks.remove(apiKeyTenantOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  admin.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        summary: 'List deliveries of an endpoint',
        tags,
        params: WebhookParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(DELIVERIES_PAGE_MAX).default(50) }),
        response: { 200: z.object({ deliveries: z.array(Delivery) }) },
      },
    },
    async (request) => ({
      deliveries: (await webhooks.deliveries(apiKeyTenantOf(request), request.params.id, request.query.limit)).map(presentDelivery),
    }),
  );

  admin.post(
    '/webhooks/:id/deliveries/:deliveryId/retry',
    {
      schema: {
        summary: 'Send a delivery again',
        description: 'A delivered or failed delivery goes back to the queue with fresh attempts (409 while it is still pending).',
        tags,
        params: DeliveryParams,
        response: { 200: Delivery },
      },
    },
    async (request) => presentDelivery(await webhooks.retry(apiKeyTenantOf(request), request.params.id, request.params.deliveryId)),
  );
};
