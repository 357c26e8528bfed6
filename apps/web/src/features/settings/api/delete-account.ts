import { DeleteAccountResponseSchema, type DeleteAccountRequest, type DeleteAccountResponse } from '@careers/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearClientData } from '../../../lib/client-storage';
import { http } from '../../../lib/http';
import { ACCOUNT_API } from './preferences';

export function deleteAccount(body: DeleteAccountRequest): Promise<DeleteAccountResponse> {
  return http.post(ACCOUNT_API.deleteAccount, body, {}, DeleteAccountResponseSchema);
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
