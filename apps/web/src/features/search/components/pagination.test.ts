import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pagination window', () => {
  it('shows the first, last and neighbouring pages with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 124)).toEqual([1, 2, 3, 4, 'gap', 124]);
    expect(pageWindow(60, 124)).toEqual([1, 'gap', 59, 60, 61, 'gap', 124]);
    expect(pageWindow(124, 124)).toEqual([1, 'gap', 121, 122, 123, 124]);
  });
});
