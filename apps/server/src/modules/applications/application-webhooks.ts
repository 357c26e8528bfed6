import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { enqueueWebhookEvent } from '../webhooks/webhook-outbox';
import type { ApplicationEventOutbox } from './application-events';

/**
 * The applications' outbox on the webhooks module (issue 10 "application submitted or withdrawn"): each event
 * becomes pending deliveries in the same transaction as the application, so a rolled-back submit announces
 * nothing and the candidate's request never waits on a delivery (the dispatcher sends them).
 */
export function applicationWebhooks(trx: Kysely<DatabaseSchema>): ApplicationEventOutbox {
  return {
    async enqueue(event) {
      await enqueueWebhookEvent(
        trx,
        event.tenantId,
        event.type,
        {
          application_id: event.applicationId,
          candidate_id: event.candidateId,
          position_id: event.positionId,
          stage: event.stage,
          ...(event.fromStage === undefined ? {} : { from_stage: event.fromStage }),
        },
        new Date(event.occurredAt),
      );
    },
  };
}
