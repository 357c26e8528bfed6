import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { settleMutation } from './settle-mutation';

type Start = (handlers: { onSuccess: (value: string) => void; onError: (error: unknown) => void }, useMutate: boolean) => void;

/** A component that starts a mutation once and can be unmounted before it settles. */
function Caller({ run, onStart }: { run: () => Promise<string>; onStart: (start: Start) => void }) {
  const mutation = useMutation({ mutationFn: run });
  useEffect(() => {
    onStart((handlers, useMutate) => (useMutate ? mutation.mutate(undefined, handlers) : settleMutation(mutation, undefined, handlers)));
  });
  return null;
}

async function settleAfterUnmount(useMutate: boolean, outcome: 'resolve' | 'reject') {
  const noFinish = () => undefined;
  let finish: () => void = noFinish;
  const run = () => new Promise<string>((resolve, reject) => (finish = () => (outcome === 'resolve' ? resolve('done') : reject(new Error('refused')))));
  let start: Start | undefined;
  const view = render(
    <QueryClientProvider client={new QueryClient()}>
      <Caller run={run} onStart={(given) => (start = given)} />
    </QueryClientProvider>,
  );
  const onSuccess = vi.fn();
  const onError = vi.fn();
  // Started, and the request under way (the function runs a few microtasks after mutate)...
  await act(async () => {
    start!({ onSuccess, onError }, useMutate);
    await vi.waitFor(() => expect(finish).not.toBe(noFinish));
  });
  // ...when the screen moves on.
  view.unmount();
  await act(async () => {
    finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  return { onSuccess, onError };
}

describe('settleMutation', () => {
  it('runs onSuccess after the caller unmounted, where mutate drops it', async () => {
    // The premise: TanStack Query drops mutate's own callbacks once the caller is gone.
    expect((await settleAfterUnmount(true, 'resolve')).onSuccess).not.toHaveBeenCalled();
    const { onSuccess, onError } = await settleAfterUnmount(false, 'resolve');
    expect(onSuccess).toHaveBeenCalledWith('done');
    expect(onError).not.toHaveBeenCalled();
  });

  it('runs onError after the caller unmounted', async () => {
    const { onSuccess, onError } = await settleAfterUnmount(false, 'reject');
    expect(onError).toHaveBeenCalledWith(new Error('refused'));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
