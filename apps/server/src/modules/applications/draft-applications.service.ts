import { DRAFT_OPEN_ARCHIVED_AT, type DraftApplication, type FormValues } from '@careers/contracts';
import type { Clock } from '../../clock';
import { ValidationError } from '../../errors';
import { withoutFileContents } from './application-files';
import type { ApplicationsRepository, DraftRecord } from './applications.repository';

/**
 * Autosaved drafts (issue 9 "Drafts autosave field by field … survive a reload and another device"): one per
 * candidate and position, the whole form's values each time (the browser debounces), last write wins. A draft
 * for several jobs (a cart application) is saved under each of them, so it reappears whichever of the jobs the
 * candidate opens. File contents are dropped: a draft holds what was typed.
 */
export interface DraftApplicationsService {
  save(tenantId: string, candidateId: string, positionIds: readonly number[], values: FormValues): Promise<{ updatedAt: string }>;
  list(tenantId: string, candidateId: string, withValues: boolean): Promise<DraftApplication[]>;
  /** Deletes the candidate's own drafts of those positions; ids of others' drafts change nothing. */
  delete(tenantId: string, candidateId: string, positionIds: readonly number[]): Promise<{ deleted: number }>;
}

export const DraftMessages = {
  notOpen: (ids: readonly number[]) => `Not open for applications: ${ids.join(', ')}`,
} as const;

function present(record: DraftRecord, withValues: boolean): DraftApplication {
  const archivedAt = record.positionArchivedAt === null ? DRAFT_OPEN_ARCHIVED_AT : Date.parse(record.positionArchivedAt);
  const draft: DraftApplication = {
    position_id: record.positionId,
    position: { id: record.positionId, name: record.positionTitle, archived_at: archivedAt },
    updated_at: record.updatedAt,
  };
  if (withValues) draft.values = JSON.parse(record.valuesJson) as FormValues;
  return draft;
}

export function createDraftApplicationsService(deps: { repository: ApplicationsRepository; clock: Clock }): DraftApplicationsService {
  const { repository } = deps;
  return {
    async save(tenantId, candidateId, positionIds, values) {
      const found = await repository.findPositions(tenantId, positionIds);
      // A draft only for a job one can still apply to; another tenant's id is unknown here.
      const closed = positionIds.filter((id) => found.get(id)?.archivedAt !== null);
      if (closed.length > 0) throw new ValidationError({ position_ids: DraftMessages.notOpen(closed) });
      const updatedAt = deps.clock.now().toISOString();
      await repository.upsertDrafts(tenantId, candidateId, positionIds, JSON.stringify(withoutFileContents(values, { unsentFiles: 'keepMetadata' })), updatedAt);
      return { updatedAt };
    },

    async list(tenantId, candidateId, withValues) {
      return (await repository.listDrafts(tenantId, candidateId)).map((record) => present(record, withValues));
    },

    async delete(tenantId, candidateId, positionIds) {
      return { deleted: await repository.deleteDrafts(tenantId, candidateId, positionIds) };
    },
  };
}
