import { render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Optional } from './optional';

function Exploding(): never {
  throw new Error('render failed');
}

describe('Optional', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows what it wraps once its code has loaded', async () => {
    const Count = lazy(async () => ({ default: () => <span>3 offers</span> }));
    render(
      <p>
        Offers
        <Optional name="The offers count">
          <Count />
        </Optional>
      </p>,
    );
    expect((await screen.findByText('3 offers')).textContent).toBe('3 offers');
  });

  it('leaves out a part that fails to render, keeping the rest of the page', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = render(
      <p>
        Offers
        <Optional name="The offers count">
          <Exploding />
        </Optional>
      </p>,
    );
    expect(container.textContent).toBe('Offers');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('The offers count is left out'), expect.any(Error));
  });

  it('leaves out a part whose code cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Missing = lazy(() => Promise.reject(new Error('Loading chunk 12 failed')));
    const { container } = render(
      <p>
        Offers
        <Optional name="The offers count">
          <Missing />
        </Optional>
      </p>,
    );
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(container.textContent).toBe('Offers');
  });
});
