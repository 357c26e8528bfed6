import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { position } from '../../features/search/test/search-fixtures';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { isolate } from '../../ui/bdi';

const OPEN = position({ id: 21, name: 'Controls Engineer', location: 'Boston, MA, US' });
const CLOSED = position({ id: 22, name: 'Field Technician', archived_at: '2025-02-01T00:00:00.000Z' });

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/positions/saved', jsonResponse(200, { count: 2, positions: [OPEN, CLOSED] }));
});

describe('/careers/saved-jobs', () => {
  it('asks a visitor to sign in (protected route)', async () => {
    renderApp({ url: '/careers/saved-jobs' });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(server.callsTo('GET', '/api/pcsx/positions/saved')).toHaveLength(0);
  });

  it('lists the saved jobs with links, flags closed ones, and is in the user menu', async () => {
    const { user } = renderApp({ url: '/careers/saved-jobs?utm_source=mail', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved jobs' })).toBeTruthy();
    expect(document.title).toBe('Saved jobs');
    const link = await screen.findByRole('link', { name: 'Controls Engineer' });
    expect(link.getAttribute('href')).toBe('/careers/job/21?utm_source=mail');
    const closed = screen.getByRole('link', { name: 'Field Technician' }).closest('article')!;
    expect(within(closed).getByText('No longer accepting applications')).toBeTruthy();
    expect(screen.getByText('2 saved jobs')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Account menu for Ada Lovelace' }));
    expect(screen.getByRole('menuitem', { name: 'Saved jobs' }).getAttribute('href')).toBe('/careers/saved-jobs');
  });

  it('removes a job from the list at once and unsaves it', async () => {
    server.on('POST', '/api/pcsx/positions/saved', () => {
      server.on('GET', '/api/pcsx/positions/saved', jsonResponse(200, { count: 1, positions: [CLOSED] }));
      return jsonResponse(200, { position_id: 21, isSaved: false });
    });
    const { user } = renderApp({ url: '/careers/saved-jobs', isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: `Remove ${isolate('Controls Engineer')} from saved jobs` }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Controls Engineer' })).toBeNull());
    expect(server.callsTo('POST', '/api/pcsx/positions/saved')[0]?.body).toEqual({ position_id: 21, action: 'unsave' });
    expect(await screen.findByText('Removed from saved jobs')).toBeTruthy();
  });

  it('puts a job back when unsaving fails', async () => {
    server.on('POST', '/api/pcsx/positions/saved', errorResponse(500, 'internal', 'boom'));
    const { user } = renderApp({ url: '/careers/saved-jobs', isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: `Remove ${isolate('Controls Engineer')} from saved jobs` }));
    expect(await screen.findByText("We couldn't update your saved jobs. Please try again.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Controls Engineer' })).toBeTruthy();
  });

  it('with nothing saved, leads to the search', async () => {
    server.on('GET', '/api/pcsx/positions/saved', jsonResponse(200, { count: 0, positions: [] }));
    renderApp({ url: '/careers/saved-jobs', isSignedIn: true });
    expect(await screen.findByRole('heading', { name: 'No saved jobs yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search jobs' }).getAttribute('href')).toBe('/careers');
  });

  it('says so when the list cannot load, with a retry', async () => {
    server.on('GET', '/api/pcsx/positions/saved', errorResponse(500, 'internal', 'boom'));
    renderApp({ url: '/careers/saved-jobs', isSignedIn: true });
    expect(await screen.findByText("We couldn't load your saved jobs just now.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
