import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

let server: FetchMock;

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

beforeEach(() => {
  server = installFetchMock();
  server.on(
    'GET',
    '/api/auth/sessions',
    jsonResponse(200, {
      sessions: [
        { id: 's2', createdAt: '2025-03-01T09:00:00Z', lastSeenAt: '2025-03-05T10:00:00Z', userAgent: SAFARI_IPHONE, isCurrent: false },
        { id: 's1', createdAt: '2025-03-07T09:00:00Z', lastSeenAt: '2025-03-07T10:00:00Z', userAgent: CHROME_MAC, isCurrent: true },
      ],
    }),
  );
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

describe('/careers/settings', () => {
  it('shows the name and email read-only', async () => {
    renderApp({ url: '/careers/settings', isSignedIn: true });
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(profile).getByText('ada@acme.example')).toBeTruthy();
    expect(within(profile).queryByRole('textbox')).toBeNull();
  });

  it('changes the password and confirms with a toast', async () => {
    server.on('POST', '/api/auth/password', new Response(null, { status: 204 }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    await user.type(await screen.findByLabelText(/Current password/), 'lovelace-demo-1');
    await user.type(screen.getByLabelText(/New password/), 'analytical-engine-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/password')[0]?.body).toEqual({
      currentPassword: 'lovelace-demo-1',
      newPassword: 'analytical-engine-2',
    });
    expect((screen.getByLabelText(/Current password/) as HTMLInputElement).value).toBe('');
  });

  it('shows a wrong current password in place', async () => {
    server.on('POST', '/api/auth/password', errorResponse(400, 'validation_failed', 'Check the fields', { currentPassword: 'The current password is incorrect.' }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    const current = await screen.findByLabelText(/Current password/);
    await user.type(current, 'wrong');
    await user.type(screen.getByLabelText(/New password/), 'analytical-engine-2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = current.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('The current password is incorrect.');
    expect(document.activeElement).toBe(current);
  });

  it('checks the new password length before sending', async () => {
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    await user.type(await screen.findByLabelText(/Current password/), 'lovelace-demo-1');
    await user.type(screen.getByLabelText(/New password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Use at least 10 characters')).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/password')).toHaveLength(0);
  });

  it('lists signed-in devices, this one first, and signs the others out', async () => {
    server.on('POST', '/api/auth/sessions/revoke_others', jsonResponse(200, { revoked: 1 }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    const devices = await screen.findByRole('region', { name: 'Signed-in devices' });
    const items = await within(devices).findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Chrome on macOS');
    expect(items[0]?.textContent).toContain('This device');
    expect(items[1]?.textContent).toContain('Safari on iOS');
    expect(items[1]?.textContent).toContain('Last active 03/05/2025');
    await user.click(within(devices).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Signed out of 1 other device.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/sessions/revoke_others')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('GET', '/api/auth/sessions')).toHaveLength(2));
  });

  it('shows the error state when the devices cannot be loaded', async () => {
    server.on('GET', '/api/auth/sessions', errorResponse(500, 'internal_error', 'boom'));
    renderApp({ url: '/careers/settings', isSignedIn: true });
    expect(await screen.findByText('Server error. Please try again.')).toBeTruthy();
  });

  it('signs out from the page', async () => {
    server.on('POST', '/api/auth/logout', new Response(null, { status: 204 }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    const section = await screen.findByRole('region', { name: 'Sign out' });
    await user.click(within(section).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers'));
  });
});
