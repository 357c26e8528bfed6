import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { sentence } from '../../test/text';

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
});

describe('/careers/reset-password (issue 12)', () => {
  it('checks the password rules before sending, then sends the token and links to sign in', async () => {
    server.on('POST', '/api/auth/password/reset', jsonResponse(200, { ok: true }));
    const view = renderApp({ url: '/careers/reset-password?token=abc123' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    const field = screen.getByLabelText(/New password/);
    await view.user.type(field, 'short');
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Use at least 10 characters')).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/password/reset')).toHaveLength(0);

    await view.user.type(field, '-but-long-now');
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/password/reset')[0]?.body).toEqual({ token: 'abc123', password: 'short-but-long-now' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/careers/login');
  });

  it('shows the server’s refusal of a used or expired link with a way to ask for a new one', async () => {
    server.on('POST', '/api/auth/password/reset', errorResponse(400, 'validation_failed', 'There was a problem', { token: 'This reset link is not valid or has expired. Ask for a new one.' }));
    const view = renderApp({ url: '/careers/reset-password?token=used' });
    await view.user.type(await screen.findByLabelText(/New password/), 'a-good-long-password');
    await view.user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This reset link is not valid or has expired'));
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });

  it('says so when the link has no token', async () => {
    renderApp({ url: '/careers/reset-password' });
    expect(await screen.findByText(/This reset link is incomplete/)).toBeTruthy();
  });
});

describe('Forgot password? on the sign-in form (issue 12)', () => {
  it('opens a request form with the typed email and shows the same answer after sending', async () => {
    server.on('POST', '/api/auth/password/forgot', jsonResponse(200, { ok: true }));
    const view = renderApp({ url: '/careers/login' });
    await view.user.type(await screen.findByLabelText(/^Email/), 'ada@acme.example');
    await view.user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const region = await screen.findByRole('region', { name: 'Reset your password' });
    const email = region.querySelector('input[type="email"]') as HTMLInputElement;
    expect(email.value).toBe('ada@acme.example');
    await view.user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect(await screen.findByText(sentence('If an account uses ada@acme.example, an email with a link to reset its password is on its way. The link works once, within 30 minutes.'))).toBeTruthy();
    expect(server.callsTo('POST', '/api/auth/password/forgot')[0]?.body).toMatchObject({ email: 'ada@acme.example', locale: 'en' });
    await view.user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.queryByRole('region', { name: 'Reset your password' })).toBeNull();
  });
});
