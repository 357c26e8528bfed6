import { APPLICATION_STAGE_INFO, type ApplicationSummary } from '@careers/contracts';
import type { ApplicationRecord, StageEventRecord } from './applications.repository';
import { canMoveStage } from './application-stages';

/** An application as the candidate's dashboard shows it: its stage, what it means, what comes next, and its history. */
export function presentApplication(record: ApplicationRecord, events: readonly StageEventRecord[]): ApplicationSummary {
  const info = APPLICATION_STAGE_INFO[record.stage];
  return {
    id: record.id,
    position_id: record.positionId,
    position: { id: record.positionId, name: record.positionName, archived_at: record.positionArchivedAt },
    stage: record.stage,
    stage_label: info.label,
    stage_meaning: info.meaning,
    next_step: info.next,
    submitted_at: record.submittedAt,
    updated_at: record.updatedAt,
    withdrawn_at: record.withdrawnAt,
    can_withdraw: canMoveStage(record.stage, 'withdrawn', 'candidate'),
    timeline: events
      .filter((event) => event.applicationId === record.id)
      // The company's reasons are its own notes; the candidate sees only the reasons they gave.
      .map((event) => ({ from: event.fromStage, to: event.toStage, reason: event.actor === 'candidate' ? event.reason : null, at: event.occurredAt })),
  };
}

/** A failed insert because a unique index refused it (two racing submits for the same job). */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; message?: unknown } | null;
  return candidate?.code === '23505' || (typeof candidate?.message === 'string' && candidate.message.includes('UNIQUE constraint failed'));
}
