import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

// The settings screen loads lazily and renders several sections: on a loaded 2-core host it takes seconds.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 40_000 });

let server: FetchMock;
const SAVED = { locale: null, timeZone: 'Europe/London', emailNotifications: true, inAppNotifications: true };

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  server.on('GET', '/api/account/preferences', jsonResponse(200, { preferences: SAVED }));
  server.on('GET', '/api/account/data_export', jsonResponse(200, { export: null }));
  server.on('GET', '/api/pcsx/notification_badge', jsonResponse(200, { data: { count: 0 } }));
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});

describe('/careers/settings: language, time zone, notifications (issue 11)', () => {
  it('lists the 38 languages by native name and saves language and time zone; <html lang dir> follow', async () => {
    server.on('POST', '/api/account/preferences', (request) => jsonResponse(200, { preferences: { ...SAVED, ...(request.body as object) } }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    const language = await screen.findByLabelText('Interface language');
    const options = within(language).getAllByRole('option').map((option) => option.textContent);
    expect(options).toHaveLength(39);
    expect(options).toEqual(expect.arrayContaining(['English', 'العربية', 'עברית', '日本語', 'Français (Canada)', '繁體中文']));
    await user.selectOptions(language, 'ar');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your preferences have been saved.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/account/preferences')[0]?.body).toEqual({ locale: 'ar', timeZone: 'Asia/Tokyo' });
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
  });

  it('shows an unknown time zone as a field error', async () => {
    server.on('POST', '/api/account/preferences', errorResponse(400, 'validation_failed', 'There was a problem with the request', { timeZone: 'Choose a time zone from the list' }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Save preferences' }));
    const zone = screen.getByLabelText('Time zone');
    await waitFor(() => expect(zone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Choose a time zone from the list')).toBeTruthy();
  });

  it('saves the notification choices', async () => {
    server.on('POST', '/api/account/preferences', (request) => jsonResponse(200, { preferences: { ...SAVED, ...(request.body as object) } }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    await user.click(await screen.findByRole('checkbox', { name: 'On this site' }));
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Your notification settings have been saved.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/account/preferences')[0]?.body).toEqual({ emailNotifications: true, inAppNotifications: false });
  });
});

describe('/careers/settings: download your data', () => {
  it('starts an export, follows its progress and offers the download when ready', async () => {
    const job = { id: 'x1', status: 'running', progress: 40, createdAt: '2025-03-01T09:00:00Z', readyAt: null, expiresAt: null, size: null, downloadUrl: null };
    server.on('POST', '/api/account/data_export', jsonResponse(202, { export: { ...job, status: 'pending', progress: 0 } }));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByRole('progressbar', { name: 'Preparing your data' })).toBeTruthy();
    server.on('GET', '/api/account/data_export', jsonResponse(200, { export: { ...job, status: 'ready', progress: 100, readyAt: '2025-03-01T09:01:00Z', expiresAt: '2025-03-02T09:01:00Z', size: 2048, downloadUrl: '/api/account/data_export/x1/download' } }));
    const link = await screen.findByRole('link', { name: /Download ZIP/ });
    expect(link.getAttribute('href')).toBe('/api/account/data_export/x1/download');
    expect(screen.getByText('Your data is ready')).toBeTruthy();
  });
});

describe('/careers/settings: delete your account', () => {
  it('says what goes and what stays, cannot delete in one click, and confirms after', async () => {
    server.on('POST', '/api/account/delete', (request) =>
      (request.body as { confirmation: string }).confirmation === 'ada@acme.example'
        ? jsonResponse(200, { deleted: true, sections: { account: { removed: 0, kept: 1 } } })
        : errorResponse(400, 'validation_failed', 'There was a problem with the request', { confirmation: 'That is not your email address or password' }),
    );
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    const section = await screen.findByRole('region', { name: 'Delete your account' });
    expect(within(section).getByText('What the company keeps')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account permanently' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    expect(server.callsTo('POST', '/api/account/delete')).toHaveLength(0);
    const field = within(dialog).getByLabelText(/Email address or password/);
    expect(document.activeElement).toBe(field);
    await user.type(field, 'someone@else.example');
    await user.click(confirm);
    expect(await within(dialog).findByText('That is not your email address or password')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'ada@acme.example');
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'Your account has been deleted' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to jobs' }));
    expect(browser.assign).toHaveBeenCalledWith('/careers');
  });
});

describe('footer language switcher (issue 13)', () => {
  it('signed out: sets hl on the address and switches <html lang dir>', async () => {
    const { user, location } = renderApp({ url: '/careers?query=robots' });
    const switcher = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(switcher).getAllByRole('option')).toHaveLength(38);
    await user.selectOptions(switcher, 'he');
    await waitFor(() => expect(location.current?.search).toBe('?query=robots&hl=he'));
    expect(document.documentElement.lang).toBe('he');
    expect(document.documentElement.dir).toBe('rtl');
    expect(server.callsTo('POST', '/api/account/preferences')).toHaveLength(0);
  });

  it('signed in: saves the preference and drops hl', async () => {
    server.on('POST', '/api/account/preferences', jsonResponse(200, { preferences: { ...SAVED, locale: 'de' } }));
    const { user, location } = renderApp({ url: '/careers/settings?hl=fr', isSignedIn: true });
    const switcher = await screen.findByRole('combobox', { name: 'Language' });
    await user.selectOptions(switcher, 'de');
    await waitFor(() => expect(server.callsTo('POST', '/api/account/preferences')[0]?.body).toEqual({ locale: 'de' }));
    await waitFor(() => expect(location.current?.search).toBe(''));
    expect(document.documentElement.lang).toBe('de');
  });
});
