import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MOUNT_POLL_INTERVAL_MS, MOUNT_POLL_TRIES, useMountElement } from './use-mount-element';

function Probe({ onElement }: { onElement: (element: HTMLElement | null) => void }) {
  onElement(useMountElement('#late-mount', 'html-1'));
  return null;
}

describe('useMountElement (spec §2: the notification container polls each second, about ten tries)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('finds an element that appears a few seconds later', () => {
    const seen: (HTMLElement | null)[] = [];
    render(<Probe onElement={(element) => seen.push(element)} />);
    expect(seen.at(-1)).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2 * MOUNT_POLL_INTERVAL_MS);
    });
    expect(seen.at(-1)).toBeNull();
    const mount = document.createElement('span');
    mount.id = 'late-mount';
    document.body.append(mount);
    act(() => {
      vi.advanceTimersByTime(MOUNT_POLL_INTERVAL_MS);
    });
    expect(seen.at(-1)).toBe(mount);
  });

  it('gives up after ten looks a second apart', () => {
    const query = vi.spyOn(document, 'querySelector');
    render(<Probe onElement={() => undefined} />);
    act(() => {
      vi.advanceTimersByTime(30 * MOUNT_POLL_INTERVAL_MS);
    });
    const looks = query.mock.calls.filter(([selector]) => selector === '#late-mount').length;
    expect(looks).toBe(MOUNT_POLL_TRIES);
    // Too late: nobody is looking any more.
    const mount = document.createElement('span');
    mount.id = 'late-mount';
    document.body.append(mount);
    act(() => {
      vi.advanceTimersByTime(5 * MOUNT_POLL_INTERVAL_MS);
    });
    expect(query.mock.calls.filter(([selector]) => selector === '#late-mount').length).toBe(MOUNT_POLL_TRIES);
  });
});
