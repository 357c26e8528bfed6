import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './webhook-events';
import { webhookUrlProblem } from './webhook-target';
import type { DeliveryRecord, EndpointRecord, WebhooksRepository } from './webhooks.repository';

export type { DeliveryRecord, EndpointRecord } from './webhooks.repository';

/**
 * A tenant's webhook endpoints and their deliveries, as the employer API manages them (issue 10 "Webhooks
 * per tenant"). Every call is scoped to the caller's tenant: another tenant's id is NotFound (404).
 */

export interface NewEndpointInput {
  url: string;
  eventTypes: readonly string[];
  enabled?: boolean;
}

export interface CreatedEndpoint {
  endpoint: EndpointRecord;
  /** Shown once, at creation; signs every delivery (webhook-signature.ts). */
  secret: string;
}

export interface WebhooksService {
  create(tenantId: string, input: NewEndpointInput): Promise<CreatedEndpoint>;
  list(tenantId: string): Promise<EndpointRecord[]>;
  get(tenantId: string, endpointId: string): Promise<EndpointRecord>;
  remove(tenantId: string, endpointId: string): Promise<void>;
  deliveries(tenantId: string, endpointId: string, limit?: number): Promise<DeliveryRecord[]>;
  /** Sends a delivered or failed delivery again as soon as a dispatcher passes. */
  retry(tenantId: string, endpointId: string, deliveryId: string): Promise<DeliveryRecord>;
}

export interface WebhooksDeps {
  repository: WebhooksRepository;
  clock: Clock;
  /** WEBHOOKS_ALLOW_PRIVATE: http:// and private addresses allowed (tests, development). */
  allowPrivate: boolean;
}

export const MAX_ENDPOINTS_PER_TENANT = 20;
export const DELIVERIES_PAGE_MAX = 200;

const isEventType = (value: string): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

export function createWebhooksService(deps: WebhooksDeps): WebhooksService {
  const { repository, clock } = deps;

  async function get(tenantId: string, endpointId: string): Promise<EndpointRecord> {
    const endpoint = await repository.findEndpoint(tenantId, endpointId);
    if (!endpoint) throw new NotFoundError();
    return endpoint;
  }

  return {
    async create(tenantId, input) {
      const urlProblem = webhookUrlProblem(input.url, deps.allowPrivate);
      if (urlProblem) throw new ValidationError({ url: urlProblem }, urlProblem);
      const unknown = input.eventTypes.filter((type) => !isEventType(type));
      if (input.eventTypes.length === 0 || unknown.length > 0) {
        const message = `Event types must be one or more of: ${WEBHOOK_EVENT_TYPES.join(', ')}.`;
        throw new ValidationError({ event_types: message }, message);
      }
      if ((await repository.listEndpoints(tenantId)).length >= MAX_ENDPOINTS_PER_TENANT) {
        throw new ConflictError(`A tenant can have at most ${MAX_ENDPOINTS_PER_TENANT} webhook endpoints.`);
      }
      const endpoint: EndpointRecord = {
        id: randomUUID(),
        tenantId,
        url: input.url,
        eventTypes: [...new Set(input.eventTypes.filter(isEventType))],
        enabled: input.enabled ?? true,
        createdAt: clock.now().toISOString(),
      };
      const secret = `whsec_${randomBytes(32).toString('base64url')}`;
      await repository.insertEndpoint({ ...endpoint, secret });
      return { endpoint, secret };
    },

    list(tenantId) {
      return repository.listEndpoints(tenantId);
    },

    get,

    async remove(tenantId, endpointId) {
      if ((await repository.deleteEndpoint(tenantId, endpointId, clock.now().toISOString())) === 0) throw new NotFoundError();
    },

    async deliveries(tenantId, endpointId, limit = 50) {
      await get(tenantId, endpointId);
      return repository.listDeliveries(tenantId, endpointId, Math.min(Math.max(1, limit), DELIVERIES_PAGE_MAX));
    },

    async retry(tenantId, endpointId, deliveryId) {
      await get(tenantId, endpointId);
      const existing = await repository.findDelivery(tenantId, endpointId, deliveryId);
      if (!existing) throw new NotFoundError();
      if (existing.status === 'pending') throw new ConflictError('This delivery is already waiting to be sent.');
      await repository.requeue(tenantId, endpointId, deliveryId, clock.now().toISOString());
      return (await repository.findDelivery(tenantId, endpointId, deliveryId)) as DeliveryRecord;
    },
  };
}
