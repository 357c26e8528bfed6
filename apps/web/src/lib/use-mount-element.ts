import { useEffect, useState } from 'react';

/** spec §2 Shell: "polls for its mount element each second and gives up after about 10 tries". */
export const MOUNT_POLL_INTERVAL_MS = 1000;
export const MOUNT_POLL_TRIES = 10;

/**
 * The element `selector` finds in the document, looked for at once and then each second until found or
 * `tries` looks have failed (then null for good). Looks again from the start when `restartKey` changes
 * (the HTML holding the element was replaced). Null while looking.
 */
export function useMountElement(selector: string, restartKey: unknown, options: { intervalMs?: number; tries?: number } = {}): HTMLElement | null {
  const intervalMs = options.intervalMs ?? MOUNT_POLL_INTERVAL_MS;
  const tries = options.tries ?? MOUNT_POLL_TRIES;
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      attempts += 1;
      const found = document.querySelector<HTMLElement>(selector);
      if (found) {
        setElement(found);
        return;
      }
      setElement(null);
      if (attempts < tries) timer = setTimeout(look, intervalMs);
    };
    look();
    return () => clearTimeout(timer);
  }, [selector, restartKey, intervalMs, tries]);
  return element;
}
