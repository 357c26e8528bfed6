import type { JobCart } from '@careers/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootData } from '../../../lib/boot-data';
import { CACHE_TIME } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../ui/toast';
import { EMPTY_JOB_CART, fetchJobCart, jobCartQueryKey, updateJobCart, type JobCartOperation } from '../api/job-cart';

/** Whether this site has a job cart (spec §3 jobCartConfig) and the visitor can have one (signed in). */
export function useIsJobCartEnabled(): boolean {
  return useBootData().tenant.config.pcsxConfig.jobCartConfig.enabled;
}

/** The signed-in candidate's cart; empty for visitors and when it fails to load (spec §8). */
export function useJobCart(): { cart: JobCart; isLoading: boolean } {
  const { isLoggedIn } = useSession();
  const isEnabled = useIsJobCartEnabled();
  const query = useQuery({
    queryKey: jobCartQueryKey,
    queryFn: ({ signal }) => fetchJobCart(signal),
    enabled: isLoggedIn && isEnabled,
    staleTime: CACHE_TIME.fiveMinutes,
  });
  return { cart: query.data ?? EMPTY_JOB_CART, isLoading: query.isPending && isLoggedIn && isEnabled };
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
