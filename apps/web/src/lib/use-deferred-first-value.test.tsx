import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useDeferredFirstValue } from './use-deferred-first-value';

function Probe({ value, seen }: { value: string | undefined; seen: (string | null)[] }) {
  seen.push(useDeferredFirstValue(value));
  return null;
}

describe('useDeferredFirstValue', () => {
  it('answers null first, the value once the deferred render has run, and later changes at once', async () => {
    const seen: (string | null)[] = [];
    const { rerender } = render(<Probe value={undefined} seen={seen} />);
    expect(new Set(seen)).toEqual(new Set([null]));
    seen.length = 0;
    await act(async () => rerender(<Probe value="first" seen={seen} />));
    // The urgent render keeps the skeleton; the deferred one brings the value.
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).toBe('first');
    seen.length = 0;
    await act(async () => rerender(<Probe value="second" seen={seen} />));
    expect(seen[0]).toBe('second');
    seen.length = 0;
    await act(async () => rerender(<Probe value={undefined} seen={seen} />));
    expect(seen[0]).toBeNull();
  });

  it('defers a value that is there from the first render too (data already cached)', async () => {
    const seen: (string | null)[] = [];
    await act(async () => render(<Probe value="cached" seen={seen} />));
    expect(seen[0]).toBeNull();
    expect(seen.at(-1)).toBe('cached');
  });
});
