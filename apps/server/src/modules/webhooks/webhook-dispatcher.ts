import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import type { WebhookSender } from './webhook-sender';
import { signatureHeader } from './webhook-signature';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks.repository';

/**
 * Sends the outbox (issue 10: "retried with backoff, never blocking the candidate's request"). Each server
 * process runs one on a timer (kernel/periodic-task.ts). A pass claims due rows for a lease (PostgreSQL:
 * FOR UPDATE SKIP LOCKED, so two processes never claim the same row; SQLite: one writer), POSTs each with
 * a fresh signature, and records the outcome only while its claim still holds. A failure (non-2xx, timeout,
 * refused address) is retried after an exponential backoff with jitter; after `maxAttempts` the delivery is
 * failed and stays visible through the API, where it can be retried by hand.
 *
 * At-least-once: a process that dies between the POST and recording it leaves a claim that lapses, and the
 * row is sent again; receivers deduplicate by the event id in the body (or the Careers-Delivery header).
 */

export interface DispatcherOptions {
  repository: WebhooksRepository;
  clock: Clock;
  send: WebhookSender;
  maxAttempts?: number;
  /** Milliseconds before the retry after attempt number `attempt` (1-based) failed. */
  backoff?: (attempt: number) => number;
  batchSize?: number;
  /** How long a claim keeps other processes off a row; longer than a send can take. */
  leaseMs?: number;
}

export interface DispatchSummary {
  delivered: number;
  retrying: number;
  failed: number;
}

export interface WebhookDispatcher {
  /** One pass over the due deliveries. */
  runOnce(): Promise<DispatchSummary>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 6 * 3_600_000;

/** 30 s, 1 min, 2 min … capped at 6 h, each drawn from its upper half ("equal jitter") so retries spread out. */
export function exponentialBackoff(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const ERROR_TEXT_MAX = 500;

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { repository, clock, send } = options;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const backoff = options.backoff ?? ((attempt: number) => exponentialBackoff(attempt));
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 60_000;

  async function deliver(delivery: ClaimedDelivery, summary: DispatchSummary): Promise<void> {
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    const outcome = await send({
      url: delivery.url,
      body: delivery.payload,
      headers: {
        'careers-signature': signatureHeader(delivery.secret, timestamp, delivery.payload),
        'careers-event': delivery.eventType,
        'careers-event-id': delivery.eventId,
        'careers-delivery': delivery.id,
      },
    });
    const at = clock.now();
    const attempt = delivery.attempts + 1;
    const status = outcome.ok ? 'delivered' : attempt >= maxAttempts ? 'failed' : 'pending';
    await repository.finishAttempt(delivery.id, delivery.claimToken, {
      status,
      at: at.toISOString(),
      nextAttemptAt: status === 'pending' ? new Date(at.getTime() + backoff(attempt)).toISOString() : at.toISOString(),
      statusCode: outcome.status,
      error: outcome.ok ? null : outcome.error.slice(0, ERROR_TEXT_MAX),
    });
    if (status === 'delivered') summary.delivered += 1;
    else if (status === 'failed') summary.failed += 1;
    else summary.retrying += 1;
  }

  return {
    async runOnce() {
      const now = clock.now();
      const claimed = await repository.claimDue(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), randomUUID(), batchSize);
      const summary: DispatchSummary = { delivered: 0, retrying: 0, failed: 0 };
      await Promise.all(claimed.map((delivery) => deliver(delivery, summary)));
      return summary;
    },
  };
}
