import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';

describe('custom banner', () => {
  it('shows the info banner with sanitized tenant HTML', () => {
    renderApp({
      branding: {
        customPageSections: {
          customPcsBanner: { type: 'info', html: 'We are hiring <b>engineers</b><script>window.hacked = 1</script><img src=x onerror="alert(1)">' },
        },
      },
    });
    const banner = screen.getByRole('complementary', { name: 'Announcement' });
    expect(banner.className).toContain('custom-banner--info');
    expect(banner.querySelector('b')?.textContent).toBe('engineers');
    expect(banner.querySelector('script')).toBeNull();
    expect(banner.querySelector('img')?.hasAttribute('onerror')).toBe(false);
  });

  it('uses the alert style for alert banners', () => {
    renderApp({ branding: { customPageSections: { customPcsBanner: { type: 'alert', html: 'Site maintenance tonight' } } } });
    expect(screen.getByRole('complementary', { name: 'Announcement' }).className).toContain('custom-banner--alert');
  });

  it('stays dismissed for the browser session, until the banner changes', async () => {
    const branding = { customPageSections: { customPcsBanner: { type: 'info' as const, html: 'Open day on Friday' } } };
    const first = renderApp({ branding });
    await first.user.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByText('Open day on Friday')).toBeNull();
    first.unmount();
    renderApp({ branding }).unmount();
    expect(screen.queryByText('Open day on Friday')).toBeNull();
    renderApp({ branding: { customPageSections: { customPcsBanner: { type: 'info', html: 'Open day moved to Monday' } } } });
    expect(screen.getByText('Open day moved to Monday')).toBeTruthy();
  });

  it('is absent without configuration', () => {
    renderApp();
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
  });
});
