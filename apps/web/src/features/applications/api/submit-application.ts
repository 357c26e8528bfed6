import { bootQueryKeys, type ApplyBody, type FormValues } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { applyApiPaths, applyQueryKeys } from './apply-api';

const applyAnswer = lazySchema(() => import('./schemas'), 'ApplyResponseSchema');

export interface SubmitApplicationInput {
  positionIds: readonly number[];
  values: FormValues;
}

/** POST /api/pcsx/apply: one application per job, in one transaction; 409 when one of them was applied to already. */
export async function submitApplication({ positionIds, values }: SubmitApplicationInput) {
  const body: ApplyBody = { position_ids: [...positionIds], values };
  const { data } = await http.post(applyApiPaths.apply, body, {}, applyAnswer);
  return data;
}

/**
 * spec §4 "Job cart updates": the server took the applied jobs out of the cart in the same transaction, so the
 * cart is read again; the drafts of those jobs are gone too, and the dashboard's applications and nudges change.
 */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bootQueryKeys.jobCart() }),
        queryClient.invalidateQueries({ queryKey: applyQueryKeys.drafts() }),
        // The dashboard lists the new applications and drops the drafts' nudges.
        queryClient.invalidateQueries({ queryKey: bootQueryKeys.dashboardApplications() }),
        queryClient.invalidateQueries({ queryKey: bootQueryKeys.dashboardNudges() }),
        // An application may leave its resume as the candidate's current one.
        queryClient.invalidateQueries({ queryKey: bootQueryKeys.currentResume() }),
      ]);
    },
  });
}
