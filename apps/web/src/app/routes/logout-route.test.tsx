import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { readFormCopy, writeFormCopy } from '../../lib/form-copies';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

describe('/logout', () => {
  it('signs out through the API, clears cached data and loads /careers', async () => {
    server.on('POST', '/api/auth/logout', new Response(null, { status: 204 }));
    // An application in progress keeps a copy of its answers in the tab (issue 9); signing out removes it (T24).
    writeFormCopy('apply:acme.example', { scope: [11], values: { first_name: 'Ada' } });
    const { queryClient } = renderApp({ url: '/logout', isSignedIn: true });
    queryClient.setQueryData(['profile'], { email: 'ada@acme.example' });
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers'));
    expect(readFormCopy('apply:acme.example')).toBeNull();
    expect(server.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(server.callsTo('POST', '/api/auth/logout')[0]?.headers.get('X-CSRF-Token')).toBe('token-from-page');
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });

  it('stays and offers a retry when signing out fails', async () => {
    server.on('POST', '/api/auth/logout', jsonResponse(500, { error: { code: 'internal_error', message: 'Internal Server Error' } }));
    const { user } = renderApp({ url: '/logout', isSignedIn: true });
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    expect(browser.assign).not.toHaveBeenCalled();
    server.on('POST', '/api/auth/logout', new Response(null, { status: 204 }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers'));
  });

  it('is where Sign out in the user menu leads', async () => {
    server.on('POST', '/api/auth/logout', new Response(null, { status: 204 }));
    const { user } = renderApp({ isSignedIn: true });
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers'));
  });
});
