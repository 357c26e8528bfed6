import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../lib/i18n';
import { ToastProvider, useToast, type ToastApi } from './toast';

function renderToasts() {
  const api: { current: ToastApi | null } = { current: null };
  function Capture() {
    api.current = useToast();
    return null;
  }
  render(
    <I18nextProvider i18n={createI18n()}>
      <ToastProvider>
        <Capture />
      </ToastProvider>
    </I18nextProvider>,
  );
  return () => {
    if (!api.current) throw new Error('no toast api');
    return api.current;
  };
}

describe('toasts', () => {
  it('close themselves after 5 s by default', () => {
    vi.useFakeTimers();
    const toast = renderToasts();
    act(() => {
      toast().show({ message: 'Saved', style: 'success' });
    });
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('honour a custom duration, and stay until closed with duration null', () => {
    vi.useFakeTimers();
    const toast = renderToasts();
    act(() => {
      toast().show({ message: 'Failed to load positions', style: 'error', duration: 2000, position: 'top-center' });
      toast().show({ message: 'Sticky', duration: null });
    });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText('Failed to load positions')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Sticky')).toBeTruthy();
  });

  it('render in a polite live region at the requested position, and close from their button', async () => {
    const toast = renderToasts();
    act(() => {
      toast().show({ message: 'Heads up', style: 'warning', position: 'top-center' });
    });
    const message = screen.getByText('Heads up');
    const region = message.closest('[aria-live]');
    expect(region?.getAttribute('aria-live')).toBe('polite');
    expect(region?.className).toContain('ui-toasts--top-center');
    expect(message.closest('.ui-toast')?.className).toContain('ui-toast--warning');
    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).click();
    });
    expect(screen.queryByText('Heads up')).toBeNull();
  });

  it('pause while hovered', () => {
    vi.useFakeTimers();
    const toast = renderToasts();
    act(() => {
      toast().show('Hover me');
    });
    const element = screen.getByText('Hover me').closest('.ui-toast') as HTMLElement;
    act(() => {
      vi.advanceTimersByTime(3000);
      element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByText('Hover me')).toBeTruthy();
  });
});
