import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { offerQueryKeys } from './api/offer-query-keys';
import { useOffersContext, type OffersView } from './offers-context';
import { OffersEmbed } from './offers-embed';
import { actionResponse, daysFromNow, listBody, makeDocument, makeOffer } from './test/offer-fixtures';
import { renderWithoutRouter } from './test/render-offers';
import { isolate } from '../../ui/bdi';

vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));
vi.mock('./components/pdf-viewer', () => ({
  PdfViewer: ({ title }: { title: string }) => <div data-testid="pdf-viewer">{title}</div>,
}));

let server: FetchMock;
const OFFER = makeOffer({
  id: 'offer-ada',
  position: { id: 'p1', name: 'Senior Robotics Engineer' },
  offer_documents: [makeDocument({ id: 'd-letter', name: 'Offer letter' })],
});

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([OFFER])));
  server.on('GET', '/api/offer/offers/offer-ada', jsonResponse(200, { offer: OFFER }));
  server.on('POST', '/api/offer/offers/offer-ada/viewed', new Response(null, { status: 204 }));
});

describe('OffersEmbed (spec §2 career hub embed: no routing, callbacks instead)', () => {
  it('walks list → offer → letter → back without any router', async () => {
    const views: OffersView[] = [];
    const { user } = renderWithoutRouter(<OffersEmbed profileName="Ada Lovelace" onNavigate={(view) => views.push(view)} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeTruthy();
    // No addresses in the embed: moves are buttons, not links.
    expect(screen.queryByRole('link')).toBeNull();
    await user.click(await screen.findByRole('button', { name: `View job offer for ${isolate('Senior Robotics Engineer')}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: `Start ${isolate('Offer letter')}` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer letter' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /I have read and agree to the terms and conditions/ })).toBeTruthy();
    expect((screen.getByLabelText(/Enter your name as the electronic signature/) as HTMLInputElement).placeholder).toBe('Ada Lovelace');
    expect(await screen.findByTestId('pdf-viewer')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to the offer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Offers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeTruthy();

    expect(views).toEqual([
      { name: 'detail', offerId: 'offer-ada' },
      { name: 'letter', offerId: 'offer-ada', documentId: 'd-letter' },
      { name: 'detail', offerId: 'offer-ada' },
      { name: 'list' },
    ]);
  });

  it('tells the host about an acceptance through its callback', async () => {
    const accepted = makeOffer({ ...OFFER, status: 'Accepted', offer_documents: [makeDocument({ id: 'd-letter', status: 'Signed', signed: true })] });
    server.on('POST', '/api/offer/offers/offer-ada/d-letter/accept', jsonResponse(200, actionResponse(accepted)));
    const onAccepted = vi.fn();
    const { user } = renderWithoutRouter(
      <OffersEmbed
        profileName="Ada Lovelace"
        initialView={{ name: 'letter', offerId: 'offer-ada', documentId: 'd-letter' }}
        onAccepted={onAccepted}
      />,
    );
    await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
    await user.type(screen.getByLabelText(/Enter your name as the electronic signature/), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith(accepted));
  });

  it('looks in a fresh list before giving up on an offer the cached list does not know', async () => {
    const queryClient = createQueryClient();
    // A list cached an hour ago, from before the offer was extended.
    queryClient.setQueryData(offerQueryKeys.list(), listBody([]), { updatedAt: Date.now() - 3_600_000 });
    const views: OffersView[] = [];
    renderWithoutRouter(
      <OffersEmbed profileName="Ada Lovelace" initialView={{ name: 'detail', offerId: 'offer-ada' }} onNavigate={(view) => views.push(view)} />,
      queryClient,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Job offer for Senior Robotics Engineer' })).toBeTruthy();
    expect(views).toEqual([]);
  });

  it('goes back to the list when even a fresh list does not have the offer', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([])));
    const views: OffersView[] = [];
    renderWithoutRouter(
      <OffersEmbed profileName={null} initialView={{ name: 'detail', offerId: 'not-mine' }} onNavigate={(view) => views.push(view)} />,
    );
    expect(await screen.findByText('No offers found')).toBeTruthy();
    expect(views).toEqual([{ name: 'list' }]);
  });

  it('refuses to run outside its provider with the spec message (§8)', () => {
    function Orphan() {
      useOffersContext();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow('useOffersContext must be used within a Offers Provider');
  });
});

describe('expiry in the embed', () => {
  it('shows an offer past its deadline as Expired', async () => {
    server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([{ ...OFFER, expires_at: daysFromNow(-1) }])));
    renderWithoutRouter(<OffersEmbed profileName="Ada Lovelace" />);
    expect(await screen.findByText('Expired')).toBeTruthy();
  });
});
