import type { DeleteAccountRequest, DeleteAccountResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearClientData } from '../../../lib/client-storage';
import { http } from '../../../lib/http';
import { lazySchema } from '../../../lib/lazy-schema';
import { ACCOUNT_API } from './preferences';

const deleteAccountAnswer = lazySchema(() => import('./schemas'), 'DeleteAccountResponseSchema');

export function deleteAccount(body: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return http.post(ACCOUNT_API.deleteAccount, body, {}, deleteAccountAnswer);
}

/** Deletes the account, then forgets every cached answer and everything this browser kept (T24). */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      queryClient.clear();
      await clearClientData();
    },
  });
}
