import { FORM_MANUAL_STEP_LOCK_MS, FORM_SCROLL_SPY_DEBOUNCE_MS } from '@careers/contracts';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { roundScrollProgress, scrolledFraction } from './step-status';

/** The step whose section has reached this far down the window (px below the sticky navbar) is the active one. */
const ACTIVE_LINE_RATIO = 0.3;

function activeIndexFor(sectionIds: readonly string[]): number {
  const line = window.innerHeight * ACTIVE_LINE_RATIO;
  const scrolledToEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (scrolledToEnd && window.scrollY > 0) return sectionIds.length - 1;
  let active = 0;
  sectionIds.forEach((id, index) => {
    const section = document.getElementById(id);
    if (section && section.getBoundingClientRect().top <= line) active = index;
  });
  return active;
}

export interface ScrollSpy {
  activeIndex: number;
  /** Rounded to 10 % (spec §9), for the phone's progress bar. */
  progress: number;
  /** A step the candidate chose (click, Home, End): scroll-driven changes wait 1 s (spec §4, §9). */
  choose: (index: number) => void;
}

/**
 * spec §4 Stepper: the active section follows the scroll position (50 ms debounce), except for 1 s after a
 * manual choice, so the list does not flicker through the steps the smooth scroll passes.
 */
export function useScrollSpy(sectionIds: readonly string[], containerRef: RefObject<HTMLElement | null>): ScrollSpy {
  const [activeIndex, setActiveIndex] = useState(0);
  const [progress, setProgress] = useState(0);
  const lockedUntil = useRef(0);
  const idsKey = sectionIds.join('\n');

  useEffect(() => {
    const ids = idsKey.split('\n');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = () => {
      if (containerRef.current) setProgress(roundScrollProgress(scrolledFraction(containerRef.current, window.innerHeight)));
      if (Date.now() < lockedUntil.current) return;
      setActiveIndex(activeIndexFor(ids));
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(measure, FORM_SCROLL_SPY_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [idsKey, containerRef]);

  const choose = useCallback((index: number) => {
    lockedUntil.current = Date.now() + FORM_MANUAL_STEP_LOCK_MS;
    setActiveIndex(index);
  }, []);

  // A step that disappeared (its items hidden) leaves the last one active.
  return { activeIndex: Math.min(activeIndex, Math.max(0, sectionIds.length - 1)), progress, choose };
}
