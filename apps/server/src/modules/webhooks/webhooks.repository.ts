import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { DatabaseSchema, WebhookDeliveriesTable, WebhookEndpointsTable } from '../../db/schema';
import type { WebhookEventType } from './webhook-events';

/**
 * The webhooks' SQL (migration 0009): endpoints per tenant and the delivery outbox. Every read an API key
 * can trigger is scoped by tenant in the query, so another tenant's id finds nothing.
 */

export interface EndpointRecord {
  id: string;
  tenantId: string;
  url: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
  createdAt: string;
}

export type DeliveryRecord = Omit<Selectable<WebhookDeliveriesTable>, 'claimToken' | 'claimedUntil' | 'eventType'> & { eventType: WebhookEventType };

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery extends DeliveryRecord {
  claimToken: string;
  url: string;
  secret: string;
}

export interface NewDelivery {
  id: string;
  tenantId: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  payload: string;
  createdAt: string;
}

const deliveryColumns = [
  'webhookDeliveries.id',
  'webhookDeliveries.tenantId',
  'webhookDeliveries.endpointId',
  'webhookDeliveries.eventId',
  'webhookDeliveries.eventType',
  'webhookDeliveries.payload',
  'webhookDeliveries.status',
  'webhookDeliveries.attempts',
  'webhookDeliveries.nextAttemptAt',
  'webhookDeliveries.lastStatusCode',
  'webhookDeliveries.lastError',
  'webhookDeliveries.lastAttemptAt',
  'webhookDeliveries.deliveredAt',
  'webhookDeliveries.createdAt',
] as const;

function toEndpoint(row: Omit<Selectable<WebhookEndpointsTable>, 'secret' | 'deletedAt'>): EndpointRecord {
  return {
    id: row.id,
    tenantId: row.tenantId,
    url: row.url,
    eventTypes: JSON.parse(row.eventTypes) as WebhookEventType[],
    enabled: row.enabled === 1,
    createdAt: row.createdAt,
  };
}

/** The outbox's writes: all an event's transaction needs (webhook-outbox.ts), on either dialect alike. */
export interface WebhookOutboxQueries {
  /** Live, enabled endpoints of the tenant subscribed to `type`. */
  subscribers(tenantId: string, type: WebhookEventType): Promise<{ id: string }[]>;
  insertDeliveries(deliveries: readonly NewDelivery[], nextAttemptAt: string): Promise<void>;
}

const liveEndpoints = (db: Kysely<DatabaseSchema>, tenantId: string) =>
  db
    .selectFrom('webhookEndpoints')
    .select(['id', 'tenantId', 'url', 'eventTypes', 'enabled', 'createdAt'])
    .where('tenantId', '=', tenantId)
    .where('deletedAt', 'is', null);

export function createWebhookOutboxQueries(db: Kysely<DatabaseSchema>): WebhookOutboxQueries {
  return {
    async subscribers(tenantId, type) {
      const rows = await liveEndpoints(db, tenantId).where('enabled', '=', 1).execute();
      return rows.map(toEndpoint).filter((endpoint) => endpoint.eventTypes.includes(type));
    },

    async insertDeliveries(deliveries, nextAttemptAt) {
      if (deliveries.length === 0) return;
      await db
        .insertInto('webhookDeliveries')
        .values(deliveries.map((delivery) => ({ ...delivery, status: 'pending' as const, attempts: 0, nextAttemptAt })))
        .execute();
    },
  };
}

export interface WebhooksRepository extends WebhookOutboxQueries {
  insertEndpoint(endpoint: EndpointRecord & { secret: string }): Promise<void>;
  listEndpoints(tenantId: string): Promise<EndpointRecord[]>;
  findEndpoint(tenantId: string, endpointId: string): Promise<EndpointRecord | null>;
  /** Soft delete: 0 when there was no such live endpoint of the tenant. */
  deleteEndpoint(tenantId: string, endpointId: string, at: string): Promise<number>;
  listDeliveries(tenantId: string, endpointId: string, limit: number): Promise<DeliveryRecord[]>;
  findDelivery(tenantId: string, endpointId: string, deliveryId: string): Promise<DeliveryRecord | null>;
  /** Puts a delivery back in the queue with fresh attempts; 0 when not found or already pending. */
  requeue(tenantId: string, endpointId: string, deliveryId: string, at: string): Promise<number>;
  /**
   * Claims up to `limit` due deliveries until `leaseUntil`: on PostgreSQL rows another dispatcher holds are
   * skipped (FOR UPDATE SKIP LOCKED); SQLite's writes are serial, so one statement is enough.
   */
  claimDue(now: string, leaseUntil: string, claimToken: string, limit: number): Promise<ClaimedDelivery[]>;
  /** Records an attempt's end, only if this claim still holds the row; 0 otherwise. */
  finishAttempt(
    deliveryId: string,
    claimToken: string,
    result: { status: 'pending' | 'delivered' | 'failed'; at: string; nextAttemptAt: string; statusCode: number | null; error: string | null },
  ): Promise<number>;
}

export function createWebhooksRepository(db: Kysely<DatabaseSchema>, dialect: Dialect): WebhooksRepository {
  const live = (tenantId: string) => liveEndpoints(db, tenantId);

  return {
    ...createWebhookOutboxQueries(db),
    async insertEndpoint(endpoint) {
      await db
        .insertInto('webhookEndpoints')
        .values({
          id: endpoint.id,
          tenantId: endpoint.tenantId,
          url: endpoint.url,
          secret: endpoint.secret,
          eventTypes: JSON.stringify(endpoint.eventTypes),
          enabled: endpoint.enabled ? 1 : 0,
          createdAt: endpoint.createdAt,
          deletedAt: null,
        })
        .execute();
    },

    async listEndpoints(tenantId) {
      return (await live(tenantId).orderBy('createdAt').orderBy('id').execute()).map(toEndpoint);
    },

    async findEndpoint(tenantId, endpointId) {
      const row = await live(tenantId).where('id', '=', endpointId).executeTakeFirst();
      return row ? toEndpoint(row) : null;
    },

    async deleteEndpoint(tenantId, endpointId, at) {
      const result = await db
        .updateTable('webhookEndpoints')
        .set({ deletedAt: at, enabled: 0 })
        .where('tenantId', '=', tenantId)
        .where('id', '=', endpointId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async listDeliveries(tenantId, endpointId, limit) {
      const rows = await db
        .selectFrom('webhookDeliveries')
        .select(deliveryColumns)
        .where('tenantId', '=', tenantId)
        .where('endpointId', '=', endpointId)
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows as DeliveryRecord[];
    },

    async findDelivery(tenantId, endpointId, deliveryId) {
      const row = await db
        .selectFrom('webhookDeliveries')
        .select(deliveryColumns)
        .where('tenantId', '=', tenantId)
        .where('endpointId', '=', endpointId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return (row as DeliveryRecord | undefined) ?? null;
    },

    async requeue(tenantId, endpointId, deliveryId, at) {
      const result = await db
        .updateTable('webhookDeliveries')
        .set({ status: 'pending', attempts: 0, nextAttemptAt: at, claimedUntil: null, claimToken: null })
        .where('tenantId', '=', tenantId)
        .where('endpointId', '=', endpointId)
        .where('id', '=', deliveryId)
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async claimDue(now, leaseUntil, claimToken, limit) {
      let due = db
        .selectFrom('webhookDeliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', now)
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
        .orderBy('nextAttemptAt')
        .limit(limit);
      if (dialect === 'postgres') due = due.forUpdate().skipLocked();
      const claimed = await db
        .updateTable('webhookDeliveries')
        .set({ claimedUntil: leaseUntil, claimToken })
        .where('id', 'in', due)
        .returning('id')
        .execute();
      if (claimed.length === 0) return [];
      const rows = await db
        .selectFrom('webhookDeliveries')
        .innerJoin('webhookEndpoints', 'webhookEndpoints.id', 'webhookDeliveries.endpointId')
        .select([...deliveryColumns, 'webhookDeliveries.claimToken', 'webhookEndpoints.url', 'webhookEndpoints.secret'])
        .where(
          'webhookDeliveries.id',
          'in',
          claimed.map((row) => row.id),
        )
        .where('webhookDeliveries.claimToken', '=', claimToken)
        .execute();
      return rows as ClaimedDelivery[];
    },

    async finishAttempt(deliveryId, claimToken, result) {
      const update = await db
        .updateTable('webhookDeliveries')
        .set((eb) => ({
          status: result.status,
          attempts: eb('attempts', '+', 1),
          nextAttemptAt: result.nextAttemptAt,
          lastAttemptAt: result.at,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          deliveredAt: result.status === 'delivered' ? result.at : null,
          claimedUntil: null,
          claimToken: null,
        }))
        .where('id', '=', deliveryId)
        .where('claimToken', '=', claimToken)
        .executeTakeFirst();
      return Number(update.numUpdatedRows);
    },
  };
}
