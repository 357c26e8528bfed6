import { bootQueryKeys, type JobCart, type JobCartResponse } from '@careers/contracts';
import { http } from '../../../lib/http';

export const jobCartQueryKey = bootQueryKeys.jobCart();
export const EMPTY_JOB_CART: JobCart = { jobCartData: [], invalidPositionIds: [] };

/**
 * GET /api/pcsx/job_cart (spec §7). spec §8: "Job cart load failure empties the cart" and the fetcher logs
 * "Failed to fetch Job Cart Data". Typed, not parsed: the navbar's cart badge is on the first route (P5).
 */
export async function fetchJobCart(signal?: AbortSignal): Promise<JobCart> {
  try {
    const response = await http.get<JobCartResponse>('/api/pcsx/job_cart', { signal });
    return response.data;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error('Failed to fetch Job Cart Data', error);
    return EMPTY_JOB_CART;
  }
}

export type JobCartOperation = 'add' | 'remove';

/** POST /api/pcsx/job_cart {pids (strings), operation} (spec §7); the answer is the whole new cart. */
export async function updateJobCart(pids: readonly number[], operation: JobCartOperation): Promise<JobCart> {
  const response = await http.post<JobCartResponse>('/api/pcsx/job_cart', { pids: pids.map(String), operation });
  return response.data;
}
