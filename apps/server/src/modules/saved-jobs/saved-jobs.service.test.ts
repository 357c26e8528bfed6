import { SAVED_POSITIONS_MAX } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../errors';
import type { PositionRecord, PositionsRepository } from '../positions/positions.repository';
import type { SavedJobsRepository } from './saved-jobs.repository';
import { createSavedJobsService, SavedJobsMessages } from './saved-jobs.service';

const position: PositionRecord = {
  id: 1,
  tenantId: 't',
  title: 'Welder',
  department: 'Manufacturing',
  employmentType: 'FULL_TIME',
  seniority: 'mid',
  description: 'Weld.',
  skills: [],
  isRemote: false,
  salaryMin: null,
  salaryMax: null,
  salaryCurrency: null,
  postedAt: '2025-01-01T00:00:00.000Z',
  validThrough: null,
  archivedAt: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
  locations: [],
};

function serviceWith(savedCount: number, alreadySaved: boolean) {
  const inserted: number[] = [];
  const savedJobs: SavedJobsRepository = {
    save: async (_tenant, _candidate, id) => Boolean(inserted.push(id)),
    unsave: async () => undefined,
    count: async () => savedCount,
    lockCandidate: async () => undefined,
    listIds: async () => [],
  };
  const positions = {
    findById: async () => position,
    findUserActions: async () => ({ saved: new Set(alreadySaved ? [1] : []), inCart: new Set<number>() }),
  } as unknown as PositionsRepository;
  const repositories = { savedJobs, positions };
  const service = createSavedJobsService({ repositories, transaction: (work) => work(repositories), clock: { now: () => new Date() } });
  return { service, inserted };
}

describe('saved jobs service', () => {
  it(`refuses a save past ${SAVED_POSITIONS_MAX} saved positions, and writes nothing`, async () => {
    const { service, inserted } = serviceWith(SAVED_POSITIONS_MAX, false);
    await expect(service.setSaved('t', 'c', 1, 'save')).rejects.toThrow(new ConflictError(SavedJobsMessages.full));
    expect(inserted).toEqual([]);
  });

  it('answers an already saved position as saved even at the cap', async () => {
    const { service, inserted } = serviceWith(SAVED_POSITIONS_MAX, true);
    await expect(service.setSaved('t', 'c', 1, 'save')).resolves.toEqual({ position_id: 1, isSaved: true });
    expect(inserted).toEqual([]);
  });

  it('saves below the cap', async () => {
    const { service, inserted } = serviceWith(SAVED_POSITIONS_MAX - 1, false);
    await expect(service.setSaved('t', 'c', 1, 'save')).resolves.toEqual({ position_id: 1, isSaved: true });
    expect(inserted).toEqual([1]);
  });
});
