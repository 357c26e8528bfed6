import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { http } from '../lib/http';
import { installFetchMock, jsonResponse, type FetchMock } from '../test/fetch-mock';
import { renderApp } from '../test/render';

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
});

describe('shell boot behaviour', () => {
  it.each(['1', 'true', 'TRUE'])('opens the login modal at boot for show_login_modal=%s', async (value) => {
    renderApp({ url: `/careers?show_login_modal=${value}` });
    expect(await screen.findByRole('dialog', { name: 'Sign in or create an account' })).toBeTruthy();
  });

  it.each(['0', 'false', ''])('does not open it for show_login_modal=%s', async (value) => {
    renderApp({ url: `/careers?show_login_modal=${value}` });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not open it for a signed-in candidate', async () => {
    renderApp({ url: '/careers?show_login_modal=1', isSignedIn: true });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('HTTP events in the shell', () => {
  it('a timed-out session shows the alert and opens the auth modal', async () => {
    server.on('GET', '/api/pcsx/profile_details', jsonResponse(401, {}, { 'x-login': '1' }));
    renderApp({ isSignedIn: true });
    await act(async () => {
      await http.get('/api/pcsx/profile_details').catch(() => undefined);
    });
    expect(await screen.findByText('Your session has timed out. Please sign in again.', { selector: '.ui-toast__message' })).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Your session has timed out. Please sign in again.');
  });

  it('a CSRF failure shows "Invalid CSRF"', async () => {
    server.on('POST', '/api/pcsx/job_cart', jsonResponse(403, { error: { code: 'csrf_invalid', message: 'x' } }, { 'x-csrf-invalid': '1' }));
    renderApp();
    await act(async () => {
      await http.post('/api/pcsx/job_cart', {}).catch(() => undefined);
    });
    await waitFor(() => expect(screen.getByText('Invalid CSRF')).toBeTruthy());
  });
});
