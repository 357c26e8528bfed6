import { useDeferredValue } from 'react';

/**
 * `value`, once its first arrival has been rendered as a transition: React builds a large screen (a whole form,
 * a whole profile) in slices that keep the page answering, where one render blocked a phone's main thread for
 * hundreds of milliseconds (P6's TBT). Null until then (the screen shows its skeleton); later changes pass
 * through at once, so an edit or a refetch shows without that extra pass.
 */
export function useDeferredFirstValue<T>(value: T | undefined): T | null {
  const deferred = useDeferredValue<T | null>(value ?? null, null);
  return deferred === null ? null : (value ?? null);
}
