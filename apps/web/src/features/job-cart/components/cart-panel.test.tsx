import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { position } from '../../../test/positions';
import { renderApp } from '../../../test/render';

const CART_ON = { jobCartConfig: { enabled: true } };

const job = (id: number, name: string) => ({
  data: position({ id, name, skills: [], locations: [], location: 'Boston, MA, US', positionUserActions: { isSaved: false, isInCart: true } }),
  metadata: { isFallback: false },
});

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/search', jsonResponse(200, { count: 0, positions: [], filterDef: { allFilters: [] }, sortBy: 'relevance', appliedFilters: {}, savedSearchMetadata: { isEnabled: false, isSaved: false }, resultsMetaData: { start: 0, num: 10, hasMore: false, locationKind: 'none', corrections: [], ignoredFilters: [] } }));
  server.on('GET', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [{ id: 31 }, { id: 32 }, { id: 33 }], invalidPositionIds: [33] } }));
  server.on('GET', '/api/pcsx/position_details', (request) => {
    const id = Number(request.url.searchParams.get('position_id'));
    return jsonResponse(200, job(id, id === 31 ? 'Controls Engineer' : 'Welding Lead'));
  });
});

async function openCart(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Job cart, 3 jobs' }));
  return screen.findByRole('dialog', { name: 'Job cart' });
}

describe('job cart', () => {
  it('is not offered to visitors or when the tenant has no cart', async () => {
    const visitor = renderApp({ pcsxConfig: CART_ON });
    expect(screen.queryByRole('button', { name: /Job cart/ })).toBeNull();
    visitor.unmount();
    renderApp({ isSignedIn: true });
    expect(screen.queryByRole('button', { name: /Job cart/ })).toBeNull();
    expect(server.callsTo('GET', '/api/pcsx/job_cart')).toHaveLength(0);
  });

  it('shows the count in the navbar and lists the jobs; unknown or archived ids are "no longer available"', async () => {
    const { user } = renderApp({ isSignedIn: true, pcsxConfig: CART_ON });
    const panel = await openCart(user);
    expect(await within(panel).findByRole('link', { name: 'Controls Engineer' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Welding Lead' }).getAttribute('href')).toBe('/careers/job/32');
    const gone = within(panel).getByText('Job 33').closest('li')!;
    expect(within(gone).getByText('No longer available')).toBeTruthy();
    // The invalid id is never asked for.
    expect(server.callsTo('GET', '/api/pcsx/position_details').map((call) => call.url.searchParams.get('position_id')).sort()).toEqual(['31', '32']);
  });

  it('removes an item and shows the cart the server answers with', async () => {
    server.on('POST', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [{ id: 31 }, { id: 32 }], invalidPositionIds: [] } }));
    const { user } = renderApp({ isSignedIn: true, pcsxConfig: CART_ON });
    const panel = await openCart(user);
    await user.click(within(panel).getByRole('button', { name: 'Remove Job 33 from the cart' }));
    await waitFor(() => expect(within(panel).queryByText('Job 33')).toBeNull());
    expect(server.callsTo('POST', '/api/pcsx/job_cart')[0]?.body).toEqual({ pids: ['33'], operation: 'remove' });
    expect(screen.getByRole('button', { name: 'Job cart, 2 jobs' })).toBeTruthy();
  });

  it('a failed update keeps the cart, is logged and reported (spec §8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('POST', '/api/pcsx/job_cart', errorResponse(500, 'internal', 'boom'));
    const { user } = renderApp({ isSignedIn: true, pcsxConfig: CART_ON });
    const panel = await openCart(user);
    await user.click(within(panel).getByRole('button', { name: 'Remove Job 33 from the cart' }));
    expect(await screen.findByText("We couldn't update your job cart. Please try again.")).toBeTruthy();
    expect(within(panel).getByText('Job 33')).toBeTruthy();
    expect(log).toHaveBeenCalled();
  });

  it('a failed load shows an empty cart (spec §8 "load failure empties the cart")', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.on('GET', '/api/pcsx/job_cart', errorResponse(500, 'internal', 'boom'));
    const { user } = renderApp({ isSignedIn: true, pcsxConfig: CART_ON });
    await user.click(await screen.findByRole('button', { name: 'Job cart, 0 jobs' }));
    const panel = await screen.findByRole('dialog', { name: 'Job cart' });
    expect(within(panel).getByText(/Your job cart is empty/)).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Failed to fetch Job Cart Data', expect.anything());
  });

  it('applies to every open job of the cart in one form: "Apply to N jobs" leads to /careers/apply?pid=…', async () => {
    const { user, location } = renderApp({ isSignedIn: true, pcsxConfig: CART_ON });
    const panel = await openCart(user);
    await within(panel).findByRole('link', { name: 'Controls Engineer' });
    const apply = await within(panel).findByRole('link', { name: 'Apply to 2 jobs' });
    expect(within(panel).getByText(/each question is asked once/)).toBeTruthy();
    await user.click(apply);
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/apply'));
    expect(location.current?.search).toBe('?pid=31,32');
  });
});
