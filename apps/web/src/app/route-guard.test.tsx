import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../lib/browser';
import { installFetchMock, jsonResponse, type FetchMock } from '../test/fetch-mock';
import { authState, renderApp } from '../test/render';

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});

describe('protected routes (spec §2)', () => {
  it('open the auth modal over the shell when signed out', async () => {
    renderApp({ url: '/careers/settings' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in or create an account' });
    expect(within(dialog).getByText('Sign in to continue to this page.')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Account settings' })).toBeNull();
  });

  it('send the visitor to /careers when the modal is closed while still signed out', async () => {
    const { user, location } = renderApp({ url: '/careers/settings' });
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/careers'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('also leave for /careers on Escape', async () => {
    const { user, location } = renderApp({ url: '/careers/settings' });
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location.current?.pathname).toBe('/careers'));
  });

  it('reload the page after signing in from the modal', async () => {
    const { user, bootData } = renderApp({ url: '/careers/settings' });
    server.on('POST', '/api/auth/login', jsonResponse(200, authState({ ...bootData, userStore: { ...bootData.userStore, isLoggedIn: true } })));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Email/), 'ada@acme.example');
    await user.type(within(dialog).getByLabelText(/Password/), 'lovelace-demo-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'ada@acme.example', password: 'lovelace-demo-1' });
  });

  it('onboard a signed-in candidate who is not onboarded, then reload', async () => {
    server.on('POST', '/api/pcsx/onboarding', jsonResponse(200, { isOnboarded: true, isBootstrapped: true, bootstrappingConfig: { enabled: true, allowSkip: true } }));
    renderApp({ url: '/careers/settings', isSignedIn: true, onboarding: { isOnboarded: false, isBootstrapped: false } });
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
    expect(server.callsTo('POST', '/api/pcsx/onboarding')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Account settings' })).toBeNull();
  });

  it('offer a retry when onboarding fails, without reloading', async () => {
    server.on('POST', '/api/pcsx/onboarding', jsonResponse(500, { error: { code: 'internal_error', message: 'Internal Server Error' } }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true, onboarding: { isOnboarded: false } });
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    expect(browser.reload).not.toHaveBeenCalled();
    server.on('POST', '/api/pcsx/onboarding', jsonResponse(200, { isOnboarded: true, isBootstrapped: true, bootstrappingConfig: { enabled: true, allowSkip: true } }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(browser.reload).toHaveBeenCalledTimes(1));
  });

  it('show the profile bootstrapping screen first, then the requested page', async () => {
    const { user, bootData } = renderApp({ url: '/careers/settings', isSignedIn: true, onboarding: { isBootstrapped: false } });
    server.on('POST', '/api/pcsx/profile_bootstrap', jsonResponse(200, authState(bootData, { onboarding: { ...bootData.onboarding, isBootstrapped: true } })));
    expect(await screen.findByRole('heading', { name: 'Tell us about yourself' })).toBeTruthy();
    expect(document.title).toBe('Tell us about yourself');
    const firstName = screen.getByLabelText(/First name/);
    expect((firstName as HTMLInputElement).value).toBe('Ada');
    await user.clear(screen.getByLabelText(/Location/));
    await user.type(screen.getByLabelText(/Location/), 'Paris');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/pcsx/profile_bootstrap')[0]?.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', location: 'Paris' });
  });

  it('let the candidate skip bootstrapping when allowed', async () => {
    const { user, bootData } = renderApp({ url: '/careers/settings', isSignedIn: true, onboarding: { isBootstrapped: false } });
    server.on('POST', '/api/pcsx/profile_bootstrap', jsonResponse(200, authState(bootData, { onboarding: { ...bootData.onboarding, isBootstrapped: false } })));
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/pcsx/profile_bootstrap')[0]?.body).toEqual({ skip: true });
  });

  it('require first and last name on the bootstrapping screen and hide Skip when not allowed', async () => {
    const { user } = renderApp({
      url: '/careers/settings',
      isSignedIn: true,
      onboarding: { isBootstrapped: false, bootstrappingConfig: { enabled: true, allowSkip: false } },
    });
    const firstName = await screen.findByLabelText(/First name/);
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(document.activeElement).toBe(firstName);
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    expect(server.callsTo('POST', '/api/pcsx/profile_bootstrap')).toHaveLength(0);
  });

  it('skip bootstrapping entirely when the tenant disabled it', async () => {
    renderApp({
      url: '/careers/settings',
      isSignedIn: true,
      onboarding: { isBootstrapped: false, bootstrappingConfig: { enabled: false, allowSkip: false } },
    });
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeTruthy();
  });
});
