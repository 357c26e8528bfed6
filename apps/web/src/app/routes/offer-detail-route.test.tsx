import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { VISITED_OFFERS_KEY } from '../../features/offers/hooks/use-confetti-once';
import { daysFromNow, listBody, makeDocument, makeOffer } from '../../features/offers/test/offer-fixtures';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { isolate } from '../../ui/bdi';

const confetti = vi.hoisted(() => vi.fn());
vi.mock('canvas-confetti', () => ({ default: { create: () => confetti } }));

let server: FetchMock;

const OFFER = makeOffer({
  id: 'offer-ada',
  position: { id: 'p1', name: 'Senior Robotics Engineer' },
  expires_at: daysFromNow(6.5),
  offer_documents: [
    makeDocument({ id: 'd-letter', name: 'Offer letter', expires_at: '2025-03-09T12:00:00.000Z' }),
    makeDocument({ id: 'd-nda', name: 'Confidentiality agreement', expires_at: null }),
    makeDocument({ id: 'd-benefits', name: 'Benefits enrolment', status: 'Pending', updated_at: null, b64_string: null }),
    makeDocument({ id: 'd-payroll', name: 'Payroll form', status: 'Pending', updated_at: '2025-03-02T12:00:00.000Z' }),
    makeDocument({ id: 'd-signed', name: 'Background check consent', status: 'Signed', signed: true, updated_at: '2025-03-03T12:00:00.000Z' }),
    makeDocument({ id: 'd-flagged', name: 'Relocation policy', status: 'Unsigned', signed: true, updated_at: '2025-03-04T12:00:00.000Z' }),
  ],
});

function setMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })) as unknown as typeof window.matchMedia;
}

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([OFFER])));
  server.on('POST', '/api/offer/offers/offer-ada/viewed', new Response(null, { status: 204 }));
  window.localStorage.clear();
  confetti.mockClear();
  setMotion(false);
});

describe('/careers/offer/{id}', () => {
  it('shows the header, congratulations, back button and one card per document (spec §2)', async () => {
    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeTruthy();
    expect(screen.getByText(/^Congratulations!/)).toBeTruthy();
    expect(screen.getByText('Expires in 7 days')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Offers' });
    expect(back.getAttribute('href')).toBe('/careers/offers');

    const documents = within(screen.getByRole('region', { name: 'Documents' })).getAllByRole('article');
    expect(documents).toHaveLength(6);
    const byName = (name: string) => screen.getByRole('article', { name });

    const letter = byName('Offer letter');
    expect(within(letter).getByText('Expires 03/09/2025')).toBeTruthy();
    const start = within(letter).getByRole('link', { name: `Start ${isolate('Offer letter')}` });
    expect(start.textContent).toBe('Start');
    expect(start.getAttribute('href')).toBe('/careers/offer/offer-ada/offer-document/d-letter');

    expect(within(byName('Confidentiality agreement')).getByText('Document is yet to be signed')).toBeTruthy();

    const benefits = byName('Benefits enrolment');
    expect(within(benefits).getByText('Document being processed')).toBeTruthy();
    const disabled = within(benefits).getByRole('button', { name: `Start ${isolate('Benefits enrolment')}` }) as HTMLButtonElement;
    expect(disabled.disabled).toBe(true);
    expect(within(byName('Payroll form')).getByText('Last updated 03/02/2025')).toBeTruthy();

    const signed = byName('Background check consent');
    expect(within(signed).getByText(/Last updated 03\/03\/2025/)).toBeTruthy();
    expect(within(signed).getByRole('link', { name: `View ${isolate('Background check consent')}` }).textContent).toBe('View');
    // "also View when the document is flagged signed"
    expect(within(byName('Relocation policy')).getByRole('link', { name: `View ${isolate('Relocation policy')}` })).toBeTruthy();
  });

  it('titles the tab with the offer and the company once the offer is known (spec §9)', async () => {
    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    // Before the list arrives the tenant's default stands; never another page's title.
    expect(document.title).toBe('Careers at Acme Robotics');
    await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' });
    expect(document.title).toBe(`Job offer for ${isolate('Senior Robotics Engineer')} - Acme Robotics`);
  });

  it('titles the tab through the tenant’s SEO template', async () => {
    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true, pcsxConfig: { seoConfig: { titleTemplate: '{title} | {company} Careers' } } });
    await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' });
    expect(document.title).toBe(`Job offer for ${isolate('Senior Robotics Engineer')} | Acme Robotics Careers`);
  });

  it('records one view of the offer on open', async () => {
    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(server.callsTo('POST', '/api/offer/offers/offer-ada/viewed')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/offer/offers/offer-ada/viewed')[0]?.body).toEqual({ document_id: null });
  });

  it('plays 200 pieces of confetti on the first visit only, storing a flag without personal data', async () => {
    const first = renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(confetti).toHaveBeenCalledTimes(1));
    expect(confetti.mock.calls[0]?.[0]).toMatchObject({ particleCount: 200 });
    const stored = window.localStorage.getItem(VISITED_OFFERS_KEY) ?? '';
    expect(JSON.parse(stored)).toHaveLength(1);
    expect(stored).not.toContain('offer-ada');
    expect(stored).not.toContain('Robotics');
    first.unmount();

    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).toHaveBeenCalledTimes(1);
  });

  it('plays no confetti under prefers-reduced-motion, and still counts the visit', async () => {
    setMotion(true);
    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(window.localStorage.getItem(VISITED_OFFERS_KEY)).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).not.toHaveBeenCalled();
  });

  it('does not celebrate an offer that is no longer open', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([{ ...OFFER, status: 'Declined' }])));
    renderApp({ url: '/careers/offer/offer-ada', isSignedIn: true });
    expect(await screen.findByText('You declined this offer.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confetti).not.toHaveBeenCalled();
    expect(screen.queryByText(/^Congratulations!/)).toBeNull();
  });

  it('sends an unknown id back to the list', async () => {
    const { location } = renderApp({ url: '/careers/offer/someone-elses-offer', isSignedIn: true });
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/offers'));
    expect(await screen.findByRole('article', { name: 'Senior Robotics Engineer' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/offer/offers/someone-elses-offer/viewed')).toHaveLength(0);
  });
});
