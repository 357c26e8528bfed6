import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFetchMock, jsonResponse } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

beforeEach(() => {
  installFetchMock().on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
});

describe('navbar', () => {
  it('links the logo and Jobs to the careers home, keeping remembered params', () => {
    renderApp({ url: '/careers?utm_source=newsletter&query=x' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Acme Robotics' }).getAttribute('href')).toBe('/careers?utm_source=newsletter');
    const jobs = within(nav).getByRole('link', { name: 'Jobs' });
    expect(jobs.getAttribute('href')).toBe('/careers?utm_source=newsletter');
    expect(jobs.getAttribute('aria-current')).toBe('page');
  });

  it('offers Sign in to visitors', () => {
    renderApp();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('gives a signed-in candidate a keyboard-friendly user menu with Settings and Sign out', async () => {
    const { user, location } = renderApp({ isSignedIn: true });
    const button = screen.getByRole('button', { name: 'Account menu for Ada Lovelace' });
    expect(button.textContent).toContain('AL');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    const [first, second] = items;
    const signOut = within(menu).getByRole('menuitem', { name: 'Sign out' });
    expect(within(menu).getByRole('menuitem', { name: 'Offers' }).getAttribute('href')).toBe('/careers/offers');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(signOut);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(location.current?.pathname).toBe('/careers/settings');
  });

  it('renders the custom navbar HTML for the matching state, sanitized', () => {
    const customNavbarConfig = {
      loggedOutHtml: '<a href="/careers/login">Candidate login</a><script>alert(1)</script>',
      loggedInHtml: '<a href="/logout" onclick="x()">Leave</a>',
    };
    const view = renderApp({ branding: { customPageSections: { customNavbarConfig } } });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Candidate login' })).toBeTruthy();
    expect(header.querySelector('script')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    view.unmount();
    renderApp({ isSignedIn: true, branding: { customPageSections: { customNavbarConfig } } });
    const leave = within(screen.getByRole('banner')).getByRole('link', { name: 'Leave' });
    expect(leave.hasAttribute('onclick')).toBe(false);
  });

  it('shows the footer custom HTML sanitized above the standard footer', () => {
    renderApp({ branding: { customPageSections: { footer: { html: '<p>Acme Robotics is an equal opportunity employer.</p><iframe src="https://x"></iframe>' } } } });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('equal opportunity employer');
    expect(footer.querySelector('iframe')).toBeNull();
    expect(footer.textContent).toContain('Powered by Careers Portal');
  });

  it('mounts the notification bell into a custom navbar’s mount element (issue 12, spec §2)', async () => {
    const server = installFetchMock();
    server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
    server.on('GET', '/api/pcsx/notification_badge', jsonResponse(200, { data: { count: 2 } }));
    server.on('GET', '/api/pcsx/notifications', jsonResponse(200, { data: [] }));
    const customNavbarConfig = { loggedOutHtml: '', loggedInHtml: '<nav><a href="/careers">Acme jobs</a><span id="careers-notifications"></span></nav>' };
    renderApp({ isSignedIn: true, branding: { customPageSections: { customNavbarConfig } } });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 new' }, { timeout: 3000 });
    expect(bell.closest('#careers-notifications')).not.toBeNull();
  });
});

