import { BREAKPOINTS, WINDOW_RESIZE_DEBOUNCE_MS } from '@careers/contracts';
import { createContext, useContext, useSyncExternalStore } from 'react';

export { BREAKPOINTS };

/** spec §9: phone under 600, tablet 600–1023, desktop 1024 and up. */
export type Breakpoint = 'phone' | 'tablet' | 'desktop';

export function breakpointFor(width: number): Breakpoint {
  if (width < BREAKPOINTS.tablet) return 'phone';
  if (width < BREAKPOINTS.desktop) return 'tablet';
  return 'desktop';
}

export function isBreakpoint(value: unknown): value is Breakpoint {
  return value === 'phone' || value === 'tablet' || value === 'desktop';
}

/** A width typical of each class, for rendering on the server where there is no window. */
export const TYPICAL_WIDTH: Record<Breakpoint, number> = { phone: 375, tablet: 800, desktop: 1280 };

/**
 * The width the server renders for (it sees no window; it guesses from the request). In the browser it is
 * the width the server drew for, used only while the app hydrates that markup (React then redraws at the
 * real width if the class differs); after that the browser reads its own window.
 */
export const ServerWidthContext = createContext<number>(TYPICAL_WIDTH.desktop);

/** One resize listener for the whole app, debounced; the width it last settled on while anyone listens. */
const listeners = new Set<() => void>();
let settledWidth: number | null = null;
let resizeTimer: ReturnType<typeof setTimeout> | undefined;

function onResize(): void {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    settledWidth = window.innerWidth;
    for (const listener of listeners) listener();
  }, WINDOW_RESIZE_DEBOUNCE_MS);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    settledWidth = window.innerWidth;
    window.addEventListener('resize', onResize);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('resize', onResize);
    clearTimeout(resizeTimer);
    settledWidth = null;
  };
}

const widthNow = (): number => settledWidth ?? window.innerWidth;

/** The window width, updated at most once per 250 ms of resizing (spec §9 "Window resize debounce"). */
export function useWindowWidth(): number {
  const serverWidth = useContext(ServerWidthContext);
  return useSyncExternalStore(subscribe, widthNow, () => serverWidth);
}

export function useBreakpoint(): Breakpoint {
  return breakpointFor(useWindowWidth());
}
