import type { SavedSearch } from '@careers/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../lib/browser';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { position, searchResponse } from '../../features/search/test/search-fixtures';
import { isolate } from '../../ui/bdi';

let server: FetchMock;
const SAVED_CONFIG = { notificationsConfig: { enableSavedSearchNotifications: true } };

const saved = (id: string, overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id,
  name: `Search ${id}`,
  search: 'query=robot&location=Boston',
  url: '/careers?query=robot&location=Boston',
  query: 'robot',
  location: 'Boston',
  filterCount: 0,
  alertsEnabled: true,
  createdAt: '2025-03-01T09:00:00Z',
  lastAlertOn: null,
  ...overrides,
});

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  server.on('GET', '/api/pcsx/notification_badge', jsonResponse(200, { data: { count: 0 } }));
  server.on('GET', '/api/pcsx/position_details', jsonResponse(200, { data: position({ id: 11 }), metadata: { isFallback: false } }));
  server.on('GET', '/api/pcsx/position_insights', jsonResponse(200, { insights: [] }));
  server.on('GET', '/api/pcsx/match_details', jsonResponse(200, { data: null }));
  server.on('GET', '/api/pcsx/overrides', jsonResponse(200, { data: {} }));
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

describe('Save search on the search page (issue 12)', () => {
  it('saves the current search with alerts on, then shows Saved (pressed) and removes it again', async () => {
    server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([position({ id: 11 })], { savedSearchMetadata: { isEnabled: true, isSaved: false } })));
    server.on('POST', '/api/pcsx/saved_searches', jsonResponse(201, { data: saved('s1') }));
    server.on('DELETE', '/api/pcsx/saved_searches/s1', jsonResponse(200, { data: { id: 's1', deleted: true } }));
    const { user } = renderApp({ url: '/careers?query=robot&location=Boston', isSignedIn: true, config: SAVED_CONFIG });
    const save = await screen.findByRole('button', { name: 'Save search' }, { timeout: 5000 });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    await user.click(save);
    const pressed = await screen.findByRole('button', { name: 'Saved' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    const [call] = server.callsTo('POST', '/api/pcsx/saved_searches');
    const body = call?.body as { search: string; name: string };
    expect(new URLSearchParams(body.search).get('query')).toBe('robot');
    expect(new URLSearchParams(body.search).get('location')).toBe('Boston');
    expect(new URLSearchParams(body.search).has('start')).toBe(false);
    expect(body.name).toContain('robot');
    expect(await screen.findByText('Search saved. We’ll let you know when new jobs match it.')).toBeTruthy();
    await user.click(pressed);
    await waitFor(() => expect(server.callsTo('DELETE', '/api/pcsx/saved_searches/s1')).toHaveLength(1));
    expect((await screen.findByRole('button', { name: 'Save search' })).getAttribute('aria-pressed')).toBe('false');
  });

  it('is not offered where the search says saved searches are off (signed out, or not configured)', async () => {
    server.on('GET', '/api/pcsx/search', jsonResponse(200, searchResponse([position({ id: 11 })])));
    renderApp({ url: '/careers?query=robot', isSignedIn: false });
    await screen.findAllByText(/Senior|Engineer|Position/, undefined, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
  });
});

describe('saved searches in settings (issue 12)', () => {
  it('lists each search with a link that reruns it, switches alerts, renames by keyboard and deletes', async () => {
    let list = [saved('s1', { name: 'Robots in Boston', filterCount: 2, lastAlertOn: '2025-03-04' }), saved('s2', { name: 'Map jobs', query: '', location: 'Map Area', url: '/careers?tab=map' })];
    server.on('GET', '/api/pcsx/saved_searches', () => jsonResponse(200, { data: list, max: 20 }));
    server.on('POST', '/api/pcsx/saved_searches/s1', (request) => {
      const changes = request.body as Partial<SavedSearch>;
      list = list.map((item) => (item.id === 's1' ? { ...item, ...changes } : item));
      return jsonResponse(200, { data: list[0] });
    });
    server.on('DELETE', '/api/pcsx/saved_searches/s2', () => {
      list = list.filter((item) => item.id !== 's2');
      return jsonResponse(200, { data: { id: 's2', deleted: true } });
    });
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true, config: SAVED_CONFIG });
    const section = await screen.findByRole('region', { name: 'Saved searches' }, { timeout: 5000 });
    expect(await within(section).findByText('Robots in Boston')).toBeTruthy();
    expect(within(section).getByText('robot · Boston · 2 filters')).toBeTruthy();
    expect(within(section).getByText('Any job · A map area')).toBeTruthy();
    expect(within(section).getByText('2 of 20 saved')).toBeTruthy();
    expect(within(section).getByRole('link', { name: `Show jobs for ${isolate('Robots in Boston')}` }).getAttribute('href')).toBe('/careers?query=robot&location=Boston');

    const alerts = within(section).getByRole('switch', { name: `Job alerts for ${isolate('Robots in Boston')}` });
    expect((alerts as HTMLInputElement).checked).toBe(true);
    await user.click(alerts);
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/saved_searches/s1')[0]?.body).toEqual({ alertsEnabled: false }));
    await waitFor(() => expect((within(section).getByRole('switch', { name: `Job alerts for ${isolate('Robots in Boston')}` }) as HTMLInputElement).checked).toBe(false));

    within(section).getByRole('button', { name: `Rename ${isolate('Robots in Boston')}` }).focus();
    await user.keyboard('{Enter}');
    const field = await within(section).findByLabelText('Name');
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Boston robots{Enter}');
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/saved_searches/s1')[1]?.body).toEqual({ name: 'Boston robots' }));
    expect(await within(section).findByText('Boston robots')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe(`Rename ${isolate('Boston robots')}`));

    await user.click(within(section).getByRole('button', { name: `Delete ${isolate('Map jobs')}` }));
    await waitFor(() => expect(within(section).queryByText('Map jobs')).toBeNull());
    expect(await screen.findByText(`Deleted ${isolate('Map jobs')}.`)).toBeTruthy();
  });

  it('rolls the alerts switch back when the call fails; shows the empty and error states', async () => {
    server.on('GET', '/api/pcsx/saved_searches', jsonResponse(200, { data: [saved('s1')], max: 20 }));
    server.on('POST', '/api/pcsx/saved_searches/s1', errorResponse(500, 'internal', 'Something went wrong'));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true, config: SAVED_CONFIG });
    const alerts = await screen.findByRole('switch', { name: `Job alerts for ${isolate('Search s1')}` }, { timeout: 5000 });
    await user.click(alerts);
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/saved_searches/s1')).toHaveLength(1));
    await waitFor(() => expect((screen.getByRole('switch', { name: `Job alerts for ${isolate('Search s1')}` }) as HTMLInputElement).checked).toBe(true));
  });

  it('says when there is nothing saved, and offers to retry a failed load', async () => {
    server.on('GET', '/api/pcsx/saved_searches', jsonResponse(200, { data: [], max: 20 }));
    renderApp({ url: '/careers/settings', isSignedIn: true, config: SAVED_CONFIG });
    expect(await screen.findByText(/You have no saved searches yet/, undefined, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search jobs' }).getAttribute('href')).toBe('/careers');
  });

  it('is absent where saved searches are not offered', async () => {
    renderApp({ url: '/careers/settings', isSignedIn: true });
    await screen.findByRole('region', { name: 'Profile' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Saved searches' })).toBeNull();
    expect(server.callsTo('GET', '/api/pcsx/saved_searches')).toHaveLength(0);
  });
});
