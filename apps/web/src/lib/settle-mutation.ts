import type { UseMutationResult } from '@tanstack/react-query';

export interface SettleHandlers<TData> {
  onSuccess?: (data: TData) => void;
  onError?: (error: unknown) => void;
}

/**
 * Runs a mutation, then its handlers, whatever happened to the screen meanwhile.
 *
 * TanStack Query drops the callbacks given to `mutate` when the component that called it has unmounted by the
 * time the mutation settles. Ours often have: a mutation hook's onSuccess/onSettled awaits the refetch of what
 * it changed, and that refetch can remove the very card or dialog that asked (a withdrawn application leaves the
 * active list, a deleted saved search its row, a signed offer its signing step). A confirmation toast or a
 * navigation must not depend on that race, so call sites whose success removes them use this instead of mutate.
 */
export function settleMutation<TData, TVariables>(
  mutation: Pick<UseMutationResult<TData, unknown, TVariables, unknown>, 'mutateAsync'>,
  variables: TVariables,
  handlers: SettleHandlers<TData>,
): void {
  // The rejection is always handled: with no onError it is still seen by the hook's own onError and state.
  mutation.mutateAsync(variables).then(handlers.onSuccess, handlers.onError ?? (() => undefined));
}
