import type { JobCart } from '@careers/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootData } from '../../../lib/boot-data';
import { useHydrated } from '../../../lib/hydration';
import { CACHE_TIME } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../ui/toast';
import { EMPTY_JOB_CART, fetchJobCart, jobCartQueryKey, updateJobCart, type JobCartOperation } from '../api/job-cart';

/** Whether this site has a job cart (spec §3 jobCartConfig) and the visitor can have one (signed in). */
export function useIsJobCartEnabled(): boolean {
  return useBootData().tenant.config.pcsxConfig.jobCartConfig.enabled;
}

/**
 * The signed-in candidate's cart; empty for visitors and when it fails to load (spec §8). While the app
 * hydrates the server's markup it answers what the server knew (the cart it preloaded, else none): a part
 * of the page hydrated late (a lazy route) would otherwise draw a cart fetched meanwhile, "In cart" over
 * the server's "Add to cart" (issue 8 §6, React error #418). The live cart follows right after.
 */
export function useJobCart(): { cart: JobCart; isLoading: boolean } {
  const { isLoggedIn } = useSession();
  const isEnabled = useIsJobCartEnabled();
  const isHydrated = useHydrated();
  const serverCart = usePreloadedJobCart();
  const query = useQuery({
    queryKey: jobCartQueryKey,
    queryFn: ({ signal }) => fetchJobCart(signal),
    enabled: isLoggedIn && isEnabled,
    staleTime: CACHE_TIME.fiveMinutes,
  });
  if (!isHydrated) return { cart: serverCart ?? EMPTY_JOB_CART, isLoading: serverCart === null && isLoggedIn && isEnabled };
  return { cart: query.data ?? EMPTY_JOB_CART, isLoading: query.isPending && isLoggedIn && isEnabled };
}

/** The cart the server put in the page's boot data (bootQueryKeys.jobCart), or null. */
function usePreloadedJobCart(): JobCart | null {
  const { preloadedQueries } = useBootData();
  const key = jobCartQueryKey.join('\n');
  const entry = preloadedQueries?.find((query) => query.key.join('\n') === key);
  return entry ? (entry.data as JobCart) : null;
}

/**
 * Adds or removes ids. spec §4: the new cart comes from the response; spec §8: a failed update is logged
 * and returns false (the caller keeps its state), and the candidate is told.
 */
export function useUpdateJobCart(): (pids: readonly number[], operation: JobCartOperation) => Promise<boolean> {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation('jobcart');
  return useCallback(
    async (pids, operation) => {
      try {
        const cart = await updateJobCart(pids, operation);
        queryClient.setQueryData(jobCartQueryKey, cart);
        return true;
      } catch (error) {
        console.error('Failed to update the job cart', error);
        toast.show({ message: t('updateFailed'), style: 'error' });
        return false;
      }
    },
    [queryClient, toast, t],
  );
}
