import { APPLICATION_STAGE_INFO, ApplicationStageSchema } from '@careers/contracts';
import { z } from 'zod';
import { cursorKey, encodeKeysetCursor } from '../../http/admin-schemas';
import type { ApplicationDetails, EmployerApplication } from './applications.service';

/**
 * The employer API's view of applications (issue 10 "Candidates' progress"): camelCase and ISO instants like the
 * positions API, with who applied and — unlike the candidate's timeline — the company's own reasons and actors.
 */

export const ADMIN_APPLICATIONS_PAGE_MAX = 200;

export const AdminApplicationSchema = z
  .object({
    id: z.string(),
    candidateId: z.string().nullable().describe('null: applied while signed out (known by email only)'),
    email: z.string(),
    positionId: z.number().int(),
    positionName: z.string().describe('The title when the candidate applied'),
    stage: ApplicationStageSchema,
    stageLabel: z.string().describe('What the candidate sees on their dashboard'),
    submittedAt: z.string(),
    updatedAt: z.string(),
    withdrawnAt: z.string().nullable(),
  })
  .meta({ id: 'Application' });

export const AdminApplicationPageSchema = z
  .object({
    items: z.array(AdminApplicationSchema),
    nextCursor: z.string().nullable().describe('Pass as `cursor` for the next page; null on the last page'),
  })
  .meta({ id: 'ApplicationPage' });

export const AdminApplicationDetailSchema = AdminApplicationSchema.extend({
  answers: z.record(z.string(), z.unknown()).describe('The visible answers; files as references (see files)'),
  files: z.array(
    z.object({ fileId: z.string(), fieldName: z.string(), fileName: z.string(), fileType: z.string(), size: z.number().int(), sha256: z.string(), createdAt: z.string() }),
  ),
  events: z.array(
    z.object({ from: ApplicationStageSchema.nullable(), to: ApplicationStageSchema, reason: z.string().nullable(), actor: z.string(), at: z.string() }),
  ),
}).meta({ id: 'ApplicationDetail' });

export type AdminApplication = z.infer<typeof AdminApplicationSchema>;

export function presentAdminApplication({ application, candidateId, email }: EmployerApplication): AdminApplication {
  return {
    id: application.id,
    candidateId,
    email,
    positionId: application.position_id,
    positionName: application.position.name,
    stage: application.stage,
    stageLabel: APPLICATION_STAGE_INFO[application.stage].label,
    submittedAt: application.submitted_at,
    updatedAt: application.updated_at,
    withdrawnAt: application.withdrawn_at,
  };
}

export function presentAdminApplicationDetail(details: ApplicationDetails): z.infer<typeof AdminApplicationDetailSchema> {
  return {
    ...presentAdminApplication(details),
    answers: details.answers,
    files: details.files.map((file) => ({ ...file })),
    events: details.events.map((event) => ({ from: event.fromStage, to: event.toStage, reason: event.reason, actor: event.actor, at: event.occurredAt })),
  };
}

/** Opaque keyset cursor: the last row's (submittedAt, id), newest first. */
export function encodeApplicationCursor(last: AdminApplication): string {
  return encodeKeysetCursor([last.submittedAt, last.id]);
}

export function decodeApplicationCursor(cursor: string): { submittedAt: string; id: string } {
  const [submittedAt, id] = cursorKey(cursor) ?? ['', ''];
  return { submittedAt, id };
}
