/**
 * The letter viewer's zoom, as a reader means it (issue 8 §6: on a phone the letter was drawn at ~5 px text
 * while the toolbar said "100%"). 100% is the page's own size (a PDF point is 96/72 CSS px, as pdf.js's viewer
 * counts it). The viewer opens at "fit": the page's own size, or the frame's width where that is narrower (a
 * phone) — and then says the scale it really draws at.
 */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;
export type PdfZoom = number | 'fit';

/** US Letter, until the page says its own size. */
export const DEFAULT_PAGE_POINTS = 612;
const CSS_PX_PER_POINT = 96 / 72;
/** Below this a page is no use to anyone; the frame scrolls instead. */
const MIN_PAGE_WIDTH = 200;

export const naturalPageWidth = (pagePoints: number): number => Math.round(pagePoints * CSS_PX_PER_POINT);

/** The width the page is drawn at, in CSS px. */
export function pageWidthFor(zoom: PdfZoom, frameWidth: number, naturalWidth: number): number {
  if (zoom === 'fit') return Math.max(MIN_PAGE_WIDTH, Math.min(frameWidth, naturalWidth));
  return Math.round(naturalWidth * zoom);
}

/** The scale the page is drawn at, in whole percent of its own size. */
export const zoomPercent = (pageWidth: number, naturalWidth: number): number => Math.round((pageWidth / naturalWidth) * 100);

/** The next step up or down from the scale drawn now; null at either end. */
export function steppedZoom(scale: number, direction: 'in' | 'out'): number | null {
  const EPSILON = 0.005;
  if (direction === 'in') return ZOOM_STEPS.find((step) => step > scale + EPSILON) ?? null;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - EPSILON) ?? null;
}

/**
 * Zooming out: the next step down, or the fitted width when that lies between (a phone's fit is below the
 * smallest step, and the way back to it must not need the Fit button, which a phone's toolbar leaves out).
 */
export function zoomOutTarget(scale: number, fitScale: number): PdfZoom | null {
  const EPSILON = 0.005;
  const step = steppedZoom(scale, 'out');
  const isFitSmaller = fitScale < scale - EPSILON;
  if (isFitSmaller && (step === null || step < fitScale - EPSILON)) return 'fit';
  return step;
}
