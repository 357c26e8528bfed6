import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { GuestAlertButton } from './guest-alert-button';
import { sentence } from '../../../test/text';

const PRIVACY = 'We email you about <strong>new roles</strong>.<script>window.hacked = true</script><img src=x onerror="window.hacked = true">';

/** Issue 12 "alerts for signed-out visitors": the subscribe form (spec §3 loggedOutNotificationConfig). */
describe('GuestAlertButton', { timeout: 30_000 }, () => {
  let server: ReturnType<typeof installFetchMock>;
  beforeEach(() => {
    server = installFetchMock();
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = async () => {
    const view = renderWithProviders(<GuestAlertButton search="query=robot&location=Boston" privacyText={PRIVACY} />);
    await view.user.click(screen.getByRole('button', { name: 'Get job alerts' }));
    await screen.findByRole('dialog', { name: 'Job alerts for this search' });
    return view;
  };

  it('shows the tenant’s privacy text, sanitized', async () => {
    await open();
    const privacy = await screen.findByText(/We email you about/);
    expect(privacy.querySelector('strong')?.textContent).toBe('new roles');
    expect(privacy.innerHTML).not.toContain('script');
    expect(privacy.innerHTML).not.toContain('onerror');
  });

  it('requires a valid email and the consent: errors tied to the fields, focus on the first, nothing sent', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(email);
    expect(screen.getByText('Enter a valid email address')).not.toBeNull();

    await user.type(email, 'visitor@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const consent = screen.getByRole('checkbox', { name: /I agree to get job alert emails/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(consent);
    expect(consent.getAttribute('aria-describedby')).toBe(screen.getByText('Agree to the privacy notice to get job alerts').id);
    expect(server.callsTo('POST', '/api/pcsx/guest_alerts')).toHaveLength(0);
  });

  it('with consent: posts the email, search, consent and page language, then says to check the inbox', async () => {
    server.on('POST', '/api/pcsx/guest_alerts', jsonResponse(202, { ok: true }));
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), ' visitor@example.com ');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const title = await screen.findByText('Check your inbox to confirm');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText(sentence('Open the email we sent to visitor@example.com and confirm. Your job alerts start then.'))).not.toBeNull();
    const [call] = server.callsTo('POST', '/api/pcsx/guest_alerts');
    expect(call?.body).toMatchObject({ email: 'visitor@example.com', search: 'query=robot&location=Boston', consent: true, locale: 'en' });
  });

  it('a refused call (rate limited) says so and keeps the form', async () => {
    server.on('POST', '/api/pcsx/guest_alerts', errorResponse(429, 'rate_limited', 'Too many requests'));
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'visitor@example.com');
    await user.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please try again in a few minutes');
    expect(screen.queryByText('Check your inbox to confirm')).toBeNull();
  });
});
