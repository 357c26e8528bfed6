import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { daysFromNow, listBody, makeOffer } from '../../features/offers/test/offer-fixtures';
import { offerDocumentPath, offerLetterPath, offerPath, offersPath } from '../../lib/paths';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { isolate } from '../../ui/bdi';

vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
});

const OFFERS = [
  makeOffer({ id: 'o-open', position: { id: 'p1', name: 'Senior Robotics Engineer' }, expires_at: daysFromNow(12.5) }),
  makeOffer({ id: 'o-soon', position: { id: 'p2', name: 'Controls Engineer' }, expires_at: daysFromNow(0.5) }),
  // Stored Extended, but past its expiry: shown as Expired (spec §4).
  makeOffer({ id: 'o-late', position: { id: 'p3', name: 'Field Technician' }, expires_at: daysFromNow(-2), updated_at: '2025-02-14T09:00:00.000Z' }),
  makeOffer({ id: 'o-yes', status: 'Accepted', position: { id: 'p4', name: 'Software Engineer' }, expires_at: daysFromNow(-40), updated_at: '2025-01-05T09:00:00.000Z' }),
  makeOffer({ id: 'o-no', status: 'Declined', position: { id: null, name: 'Vision Engineer' }, expires_at: null, updated_at: '2024-12-24T09:00:00.000Z' }),
];

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

describe('/careers/offers', () => {
  it('lists every offer with its status, date line and button (spec §2, §4)', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, listBody(OFFERS)));
    renderApp({ url: '/careers/offers', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Senior Robotics Engineer' });

    const open = card('Senior Robotics Engineer');
    expect(within(open).getByText('Extended')).toBeTruthy();
    expect(within(open).getByText('Expires in 13 days')).toBeTruthy();
    expect(within(open).getByText('Action required')).toBeTruthy();
    const openButton = within(open).getByRole('link', { name: `View job offer for ${isolate('Senior Robotics Engineer')}` });
    expect(openButton.textContent).toBe('View job offer');
    expect(openButton.className).toContain('ui-button--primary');
    expect(openButton.getAttribute('href')).toBe('/careers/offer/o-open');

    expect(within(card('Controls Engineer')).getByText('Expires in 1 day')).toBeTruthy();

    const late = card('Field Technician');
    expect(within(late).getByText('Expired')).toBeTruthy();
    expect(within(late).queryByText('Extended')).toBeNull();
    expect(within(late).queryByText('Action required')).toBeNull();
    expect(within(late).getByText('Last updated 02/14/2025')).toBeTruthy();
    expect(within(late).getByRole('link', { name: /View job offer/ }).className).toContain('ui-button--secondary');

    const accepted = card('Software Engineer');
    expect(within(accepted).getByText('Accepted')).toBeTruthy();
    expect(within(accepted).getByText('Last updated 01/05/2025')).toBeTruthy();
    expect(within(accepted).getByRole('link', { name: /View job offer/ }).className).toContain('ui-button--secondary');

    expect(within(card('Vision Engineer')).getByText('Declined')).toBeTruthy();
    expect(screen.getAllByText('Action required')).toHaveLength(2);
    expect(document.querySelector('.offer-card--extended')).not.toBeNull();
    expect(document.querySelector('.offer-card--declined')).not.toBeNull();
  });

  it('opens an offer from its card', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, listBody(OFFERS)));
    server.on('POST', '/api/offer/offers/o-open/viewed', new Response(null, { status: 204 }));
    const { user, location } = renderApp({ url: '/careers/offers', isSignedIn: true });
    await user.click(await screen.findByRole('link', { name: `View job offer for ${isolate('Senior Robotics Engineer')}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeTruthy();
    expect(location.current?.pathname).toBe('/careers/offer/o-open');
  });

  it('says "No offers found" when there are none', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, { offers: [] }));
    renderApp({ url: '/careers/offers', isSignedIn: true });
    expect(await screen.findByText('No offers found')).toBeTruthy();
  });

  it('shows skeletons while loading, then an error with a retry when the call fails', async () => {
    let answer = errorResponse(500, 'internal_error', 'boom');
    server.on('GET', '/api/offer/offers', () => answer.clone());
    const { user } = renderApp({ url: '/careers/offers', isSignedIn: true });
    expect(await screen.findByText('Loading your offers')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occurred while retrieving data');
    answer = jsonResponse(200, listBody(OFFERS.slice(0, 1)));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Senior Robotics Engineer' })).toBeTruthy();
  });

  it('redirects /careers/offer to the list', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, { offers: [] }));
    const { location } = renderApp({ url: '/careers/offer', isSignedIn: true });
    expect(await screen.findByText('No offers found')).toBeTruthy();
    expect(location.current?.pathname).toBe('/careers/offers');
  });

  it('asks a signed-out visitor to sign in', async () => {
    renderApp({ url: '/careers/offers' });
    expect(await screen.findByRole('heading', { name: 'Sign in to continue' })).toBeTruthy();
    expect(server.callsTo('GET', '/api/offer/offers')).toHaveLength(0);
  });

  it('is linked from the user menu, with the number of offers awaiting the candidate', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, listBody(OFFERS)));
    const { user } = renderApp({ url: '/careers/settings', isSignedIn: true });
    server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const link = await screen.findByRole('menuitem', { name: /Offers/ });
    expect(link.getAttribute('href')).toBe('/careers/offers');
    await waitFor(() => expect(link.textContent).toContain('2 offers need your action'));
  });

  it('builds the offers addresses of spec §2', () => {
    expect(offersPath()).toBe('/careers/offers');
    expect(offerPath('o 1')).toBe('/careers/offer/o%201');
    expect(offerLetterPath('o1')).toBe('/careers/offer-letter/o1');
    expect(offerDocumentPath('o1', 'd1')).toBe('/careers/offer/o1/offer-document/d1');
    expect(offerDocumentPath('o1', 'd1', 'upload')).toBe('/careers/offer/o1/offer-document/d1?method=upload');
  });
});
