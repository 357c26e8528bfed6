import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { WebhookEnvelope, WebhookEventType } from './webhook-events';
import { createWebhookOutboxQueries } from './webhooks.repository';

/**
 * Announces an event to the tenant's webhooks (issue 10: "sent from an outbox ... never blocking the
 * candidate's request"). Call it with the transaction that records the event: one pending delivery row per
 * subscribed endpoint joins that transaction, so a rolled-back event is never announced and a committed one
 * always is. Nothing is sent here; the dispatcher (webhook-dispatcher.ts) sends due rows afterwards.
 *
 * Used by offers (offer-transaction.ts, the expiry sweep) and by applications (submitted, withdrawn):
 *
 *   await enqueueWebhookEvent(trx, tenantId, 'application.submitted', { application_id, candidate_id, position_id }, now);
 *
 * Returns the number of deliveries enqueued (0 when nobody subscribes).
 */
export async function enqueueWebhookEvent(
  trx: Kysely<DatabaseSchema>,
  tenantId: string,
  type: WebhookEventType,
  data: Record<string, unknown>,
  occurredAt: Date,
  newId: () => string = randomUUID,
): Promise<number> {
  const repository = createWebhookOutboxQueries(trx);
  const endpoints = await repository.subscribers(tenantId, type);
  if (endpoints.length === 0) return 0;
  const envelope: WebhookEnvelope = { id: newId(), type, tenant_id: tenantId, occurred_at: occurredAt.toISOString(), data };
  const payload = JSON.stringify(envelope);
  const createdAt = occurredAt.toISOString();
  await repository.insertDeliveries(
    endpoints.map((endpoint) => ({ id: newId(), tenantId, endpointId: endpoint.id, eventId: envelope.id, eventType: type, payload, createdAt })),
    createdAt,
  );
  return endpoints.length;
}
