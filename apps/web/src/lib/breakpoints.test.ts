import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { breakpointFor, useBreakpoint } from './breakpoints';

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('breakpoints', () => {
  it('maps widths to phone (<600), tablet (600–1023) and desktop (≥1024)', () => {
    expect(breakpointFor(375)).toBe('phone');
    expect(breakpointFor(599)).toBe('phone');
    expect(breakpointFor(600)).toBe('tablet');
    expect(breakpointFor(1023)).toBe('tablet');
    expect(breakpointFor(1024)).toBe('desktop');
  });

  it('follows window resizes after a 250 ms debounce', () => {
    vi.useFakeTimers();
    resizeTo(1280);
    const { result } = renderHook(() => useBreakpoint());
    expect(result.current).toBe('desktop');
    act(() => {
      resizeTo(800);
      vi.advanceTimersByTime(100);
      resizeTo(375);
      vi.advanceTimersByTime(249);
    });
    expect(result.current).toBe('desktop');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('phone');
  });
});
