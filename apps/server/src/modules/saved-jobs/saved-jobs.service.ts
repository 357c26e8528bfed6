import { SAVED_POSITIONS_MAX, type SavePositionResponse, type SavedPositionsResponse } from '@careers/contracts';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError } from '../../errors';
import { presentPosition } from '../positions/positions.presenter';
import type { PositionsRepository } from '../positions/positions.repository';
import { PositionMessages } from '../positions/positions.service';
import type { SavedJobsRepository } from './saved-jobs.repository';

export const SavedJobsMessages = {
  closed: 'This position is no longer open, so it cannot be saved.',
  full: `You can save up to ${SAVED_POSITIONS_MAX} positions. Remove some to save more.`,
} as const;

export interface SavedJobsRepositories {
  savedJobs: SavedJobsRepository;
  positions: PositionsRepository;
}

export interface SavedJobsService {
  /** spec §4 "Saved flag on a position is true when the action is save"; both actions are idempotent. */
  setSaved(tenantId: string, candidateId: string, positionId: number, action: 'save' | 'unsave'): Promise<SavePositionResponse>;
  list(tenantId: string, candidateId: string): Promise<SavedPositionsResponse>;
}

export function createSavedJobsService(deps: {
  repositories: SavedJobsRepositories;
  transaction: <T>(work: (repositories: SavedJobsRepositories) => Promise<T>) => Promise<T>;
  clock: Clock;
}): SavedJobsService {
  return {
    setSaved(tenantId, candidateId, positionId, action) {
      return deps.transaction(async ({ savedJobs, positions }) => {
        await savedJobs.lockCandidate(tenantId, candidateId);
        const position = await positions.findById(tenantId, positionId);
        // Unknown and other tenants' positions alike (DESIGN "Tenancy": foreign ids answer 404).
        if (!position) throw new NotFoundError(PositionMessages.notFound);
        if (action === 'unsave') {
          await savedJobs.unsave(tenantId, candidateId, positionId);
          return { position_id: positionId, isSaved: false };
        }
        const { saved } = await positions.findUserActions(tenantId, candidateId, [positionId]);
        if (saved.has(positionId)) return { position_id: positionId, isSaved: true };
        if (position.archivedAt !== null) throw new ConflictError(SavedJobsMessages.closed);
        if ((await savedJobs.count(tenantId, candidateId)) >= SAVED_POSITIONS_MAX) throw new ConflictError(SavedJobsMessages.full);
        await savedJobs.save(tenantId, candidateId, positionId, deps.clock.now().toISOString());
        return { position_id: positionId, isSaved: true };
      });
    },

    async list(tenantId, candidateId) {
      const { savedJobs, positions } = deps.repositories;
      const ids = await savedJobs.listIds(tenantId, candidateId);
      const records = new Map((await positions.findByIds(tenantId, ids)).map((record) => [record.id, record]));
      const { inCart } = await positions.findUserActions(tenantId, candidateId, ids);
      const listed = ids.flatMap((id) => {
        const record = records.get(id);
        // Archived ones stay listed: `archived_at` tells the page the job has closed.
        return record ? [presentPosition(record, { isSaved: true, isInCart: inCart.has(id) })] : [];
      });
      return { count: listed.length, positions: listed };
    },
  };
}
