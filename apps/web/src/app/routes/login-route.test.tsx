import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { authState, renderApp } from '../../test/render';

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

async function signInOnPage(url: string) {
  const view = renderApp({ url });
  server.on('POST', '/api/auth/login', jsonResponse(200, authState(view.bootData, { userStore: { ...view.bootData.userStore, isLoggedIn: true } })));
  await view.user.type(await screen.findByLabelText(/Email/), 'ada@acme.example');
  await view.user.type(screen.getByLabelText(/Password/), 'lovelace-demo-1');
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('/careers/login', () => {
  it('is a page with the shared sign-in form and no Sign in button in the navbar', async () => {
    renderApp({ url: '/careers/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Create account' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Sign in' })).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to a safe next path after signing in', async () => {
    await signInOnPage('/careers/login?next=%2Fcareers%2Fsettings%3Ftab%3D2&domain=acme.example&pid=1,2');
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers/settings?tab=2'));
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'goes home instead of next=%s',
    async (next) => {
      await signInOnPage(`/careers/login?next=${encodeURIComponent(next)}`);
      await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers'));
    },
  );

  it('sends a signed-in candidate on at once', async () => {
    const { location } = renderApp({ url: '/careers/login?next=%2Fcareers%2Fsettings', isSignedIn: true });
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/settings'));
  });
});
