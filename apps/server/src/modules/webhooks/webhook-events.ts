/**
 * What a company can subscribe to (issue 10 "Webhooks per tenant"). Offers announce their final statuses
 * (offer-transaction.ts, the expiry sweep); the applications module announces submissions and withdrawals
 * through enqueueWebhookEvent (webhook-outbox.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'offer.accepted',
  'offer.declined',
  'offer.expired',
  'offer.canceled',
  'application.submitted',
  'application.withdrawn',
  'application.stage_changed',
  'interview.scheduled',
  'interview.rescheduled',
  'interview.canceled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The body of every delivery: the event's id (the same for each endpoint and every retry, so a receiver
 * deduplicates by it), its type, when it happened and the event's own data.
 */
export interface WebhookEnvelope {
  id: string;
  type: WebhookEventType;
  tenant_id: string;
  occurred_at: string;
  data: Record<string, unknown>;
}
