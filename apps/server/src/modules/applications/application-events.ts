/**
 * The hook point for webhooks (issue 10 "Webhooks per tenant: … application submitted or withdrawn, sent from an
 * outbox"). The applications service calls `enqueue` inside the transaction that submits or withdraws, so an
 * outbox row written here commits with the application or not at all, and the candidate's request never waits
 * on a delivery. services.ts wires application-webhooks.ts (the webhooks module's outbox); tests may pass their own.
 */

export type ApplicationEventType = 'application.submitted' | 'application.withdrawn' | 'application.stage_changed';

export interface ApplicationEvent {
  type: ApplicationEventType;
  tenantId: string;
  applicationId: string;
  positionId: number;
  /** null: a logged-out applicant. */
  candidateId: string | null;
  stage: string;
  /** The stage before a move (application.stage_changed); absent for a submission. */
  fromStage?: string;
  occurredAt: string;
}

export interface ApplicationEventOutbox {
  enqueue(event: ApplicationEvent): Promise<void>;
}
