import { JOB_CART_MAX_ITEMS, type JobCart, type JobCartUpdate } from '@careers/contracts';
import type { Clock } from '../../clock';
import { ConflictError } from '../../errors';
import type { CartItemRecord, JobCartRepository } from './job-cart.repository';

export const JobCartMessages = {
  disabled: 'The job cart is not enabled on this site.',
  full: `Your job cart holds up to ${JOB_CART_MAX_ITEMS} positions. Remove some to add more.`,
} as const;

export interface JobCartService {
  /** spec §3 "Job cart": the open items; archived ones are named in invalidPositionIds. */
  get(tenantId: string, candidateId: string): Promise<JobCart>;
  /**
   * spec §7 POST job_cart: add (open positions of the tenant only) or remove. invalidPositionIds names
   * the request's ids that were not added: unknown, another tenant's, or archived. Removing accepts an
   * archived item (that is how a closed job leaves the cart) and names only ids the tenant never had.
   */
  update(tenantId: string, candidateId: string, update: JobCartUpdate): Promise<JobCart>;
}

const present = (items: readonly CartItemRecord[], invalidPositionIds: number[]): JobCart => ({
  jobCartData: items.filter((item) => !item.isArchived).map((item) => ({ id: item.positionId })),
  invalidPositionIds,
});

export function createJobCartService(deps: {
  repository: JobCartRepository;
  transaction: <T>(work: (repository: JobCartRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
}): JobCartService {
  return {
    async get(tenantId, candidateId) {
      const items = await deps.repository.list(tenantId, candidateId);
      return present(items, items.filter((item) => item.isArchived).map((item) => item.positionId));
    },

    update(tenantId, candidateId, { pids, operation }) {
      return deps.transaction(async (repository) => {
        await repository.lockCandidate(tenantId, candidateId);
        const known = await repository.findPositions(tenantId, pids);
        if (operation === 'remove') {
          await repository.remove(tenantId, candidateId, pids.filter((id) => known.has(id)));
          return present(await repository.list(tenantId, candidateId), pids.filter((id) => !known.has(id)));
        }
        const valid = pids.filter((id) => known.get(id)?.isArchived === false);
        const before = await repository.list(tenantId, candidateId);
        const added = valid.filter((id) => !before.some((item) => item.positionId === id));
        if (before.length + added.length > JOB_CART_MAX_ITEMS) throw new ConflictError(JobCartMessages.full);
        await repository.add(tenantId, candidateId, added, deps.clock.now().toISOString());
        return present(await repository.list(tenantId, candidateId), pids.filter((id) => !valid.includes(id)));
      });
    },
  };
}
