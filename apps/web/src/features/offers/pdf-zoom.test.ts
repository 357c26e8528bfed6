import { describe, expect, it } from 'vitest';
import { naturalPageWidth, pageWidthFor, steppedZoom, zoomOutTarget, zoomPercent } from './pdf-zoom';

describe('letter viewer zoom (issue 8 §6: honest percentages, fit to width on phones)', () => {
  const letter = naturalPageWidth(612);

  it('counts 100% as the page\'s own size (US Letter: 816 CSS px)', () => {
    expect(letter).toBe(816);
    expect(pageWidthFor(1, 343, letter)).toBe(816);
    expect(zoomPercent(pageWidthFor(1.5, 343, letter), letter)).toBe(150);
  });

  it('opens at the page\'s own size on a wide screen and fits the width on a phone, saying the real scale', () => {
    expect(pageWidthFor('fit', 900, letter)).toBe(816);
    expect(zoomPercent(pageWidthFor('fit', 900, letter), letter)).toBe(100);
    const phone = pageWidthFor('fit', 343, letter);
    expect(phone).toBe(343);
    expect(zoomPercent(phone, letter)).toBe(42);
  });

  it('steps from the scale drawn now to the next step up or down, and stops at the ends', () => {
    expect(steppedZoom(0.42, 'in')).toBe(0.5);
    expect(steppedZoom(0.42, 'out')).toBeNull();
    expect(steppedZoom(1, 'in')).toBe(1.25);
    expect(steppedZoom(1, 'out')).toBe(0.75);
    expect(steppedZoom(3, 'in')).toBeNull();
  });

  it('zooms out to the fitted width when it lies below the next step (a phone, where Fit is not shown)', () => {
    expect(zoomOutTarget(0.5, 0.42)).toBe('fit');
    expect(zoomOutTarget(0.75, 0.42)).toBe(0.5);
    expect(zoomOutTarget(1.25, 1)).toBe(1);
    expect(zoomOutTarget(0.42, 0.42)).toBeNull();
  });
});
