import { useEffect } from 'react';

/** spec §9 "Confetti: 200 pieces". */
export const CONFETTI_PIECES = 200;

/** spec §2 offer detail: "Confetti plays once, tracked by a stored flag hasVisitedOffer". */
export const VISITED_OFFERS_KEY = 'hasVisitedOffer';
/** Enough for every offer a candidate will ever get; the oldest marks go first. */
const MAX_REMEMBERED = 100;

/**
 * The stored mark of an offer: a hash of its id, so the browser keeps no offer id, name or position
 * (QUALITY T24: nothing personal left behind). FNV-1a is enough: a collision only skips a confetti.
 */
export function visitMark(offerId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < offerId.length; index += 1) {
    hash ^= offerId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function readMarks(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(VISITED_OFFERS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((mark): mark is string => typeof mark === 'string') : [];
  } catch {
    return [];
  }
}

export function hasVisitedOffer(offerId: string): boolean {
  return readMarks().includes(visitMark(offerId));
}

/** Stores the mark; a storage failure (private mode, quota) just means the confetti may play again. */
export function markOfferVisited(offerId: string): void {
  try {
    const marks = readMarks();
    const mark = visitMark(offerId);
    if (marks.includes(mark)) return;
    window.localStorage.setItem(VISITED_OFFERS_KEY, JSON.stringify([...marks, mark].slice(-MAX_REMEMBERED)));
  } catch {
    // Nothing to do: the flag is a courtesy.
  }
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Celebrates the first visit of an offer: 200 pieces of confetti, never under prefers-reduced-motion
 * (DESIGN.md "Motion"). The flag is stored either way, so it stays "once". canvas-confetti loads only here.
 * The flag is written when the confetti actually fires, so an effect that React runs twice still plays once.
 */
export function useConfettiOnce(offerId: string, shouldCelebrate: boolean): void {
  useEffect(() => {
    if (!shouldCelebrate || hasVisitedOffer(offerId)) return;
    if (prefersReducedMotion()) {
      markOfferVisited(offerId);
      return;
    }
    let isCurrent = true;
    void import('canvas-confetti').then(({ default: confetti }) => {
      if (!isCurrent || hasVisitedOffer(offerId)) return;
      markOfferVisited(offerId);
      const canvas = celebrationCanvas();
      // On the main thread: canvas-confetti's worker is made from a blob: URL, which the site's CSP
      // (worker-src falls back to script-src 'self') rightly refuses.
      const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
      const done = fire({
        particleCount: CONFETTI_PIECES,
        spread: 90,
        startVelocity: 45,
        origin: { y: 0.3 },
        disableForReducedMotion: true,
      });
      void Promise.resolve(done).finally(() => canvas.remove());
    });
    return () => {
      isCurrent = false;
    };
  }, [offerId, shouldCelebrate]);
}

/** A full-window layer for the confetti, hidden from assistive technology and from the pointer. */
function celebrationCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, { position: 'fixed', inset: '0', width: '100%', height: '100%', pointerEvents: 'none', zIndex: 'var(--z-modal)' });
  document.body.append(canvas);
  return canvas;
}
