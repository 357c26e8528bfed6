import { OFFER_UPLOAD_FIELD, DOCUMENT_UPLOAD_FIELD, type Offer } from '@careers/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBootData } from '../dev/boot-fixture';
import { actionResponse, daysFromNow, LETTER_B64, listBody, makeDocument, makeOffer } from '../../features/offers/test/offer-fixtures';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock, type RecordedRequest } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { sentence } from '../../test/text';
import { isolate } from '../../ui/bdi';

vi.mock('canvas-confetti', () => ({ default: { create: () => vi.fn() } }));
vi.mock('../../features/offers/components/pdf-viewer', () => ({
  PdfViewer: ({ title }: { title: string }) => <div data-testid="pdf-viewer">{title}</div>,
}));

let server: FetchMock;

const INLINE = makeDocument({ id: 'd-inline', name: 'Offer letter', signing_mode: 'inline', expires_at: '2025-03-09T12:00:00.000Z' });
const UPLOAD = makeDocument({ id: 'd-upload', name: 'Offer letter', signing_mode: 'upload' });
const ESIGN = makeDocument({ id: 'd-esign', name: 'Offer letter', signing_mode: 'esign', url: '/api/offer/offers/o-esign/d-esign/esign_token' });

const offerWith = (id: string, document: ReturnType<typeof makeDocument>, overrides: Partial<Offer> = {}) =>
  makeOffer({ id, position: { id: 'p1', name: 'Senior Robotics Engineer' }, offer_documents: [document], ...overrides });

function serve(offer: Offer) {
  server.on('GET', `/api/offer/offers/${offer.id}`, jsonResponse(200, { offer }));
  server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([offer])));
  server.on('POST', `/api/offer/offers/${offer.id}/viewed`, new Response(null, { status: 204 }));
}

const formFields = (call: RecordedRequest | undefined) => {
  expect(call?.body).toBeInstanceOf(FormData);
  return call?.body as FormData;
};

const pdfFile = (name = 'signed.pdf') => new File(['%PDF-1.7\nsigned\n%%EOF'], name, { type: 'application/pdf' });

function drop(zone: HTMLElement, files: File[]) {
  fireEvent.drop(zone, { dataTransfer: { files, types: ['Files'] } });
}

beforeEach(() => {
  server = installFetchMock();
});

describe('offer letter page (a): embedded letter with the inline agree-and-sign form', () => {
  const offer = offerWith('o-inline', INLINE);
  const url = '/careers/offer/o-inline/offer-document/d-inline';

  it('shows the letter inline and the form in the spec words, and records the view of this document', async () => {
    serve(offer);
    renderApp({ url, isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer letter' })).toBeTruthy();
    expect(screen.getByText(sentence('Job offer for Senior Robotics Engineer'))).toBeTruthy();
    expect(screen.getByText('Expires 03/09/2025')).toBeTruthy();
    expect(await screen.findByTestId('pdf-viewer')).toBeTruthy();
    const signature = screen.getByLabelText(/Enter your name as the electronic signature/) as HTMLInputElement;
    expect(signature.placeholder).toBe('Ada Lovelace');
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the terms and conditions' })).toBeTruthy();
    await waitFor(() =>
      expect(server.callsTo('POST', '/api/offer/offers/o-inline/viewed').map((call) => call.body)).toEqual([{ document_id: 'd-inline' }]),
    );
  });

  it('requires the checkbox and the name, and sends nothing until both are right', async () => {
    serve(offer);
    const { user } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const checkbox = screen.getByRole('checkbox', { name: /I have read and agree/ });
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(document.activeElement).toBe(checkbox);

    await user.click(checkbox);
    const signature = screen.getByLabelText(/Enter your name as the electronic signature/);
    await user.type(signature, 'ada lovelace');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please enter your full name')).toBeTruthy();
    expect(document.activeElement).toBe(signature);
    expect(server.callsTo('POST', '/api/offer/offers/o-inline/d-inline/accept')).toHaveLength(0);
  });

  it('rejects any name when the profile has none (spec §5, as coded)', async () => {
    serve(offer);
    const bootData = createBootData({ isSignedIn: true });
    const profile = bootData.userStore.profile;
    if (!profile) throw new Error('fixture has a profile');
    bootData.userStore = { ...bootData.userStore, profile: { ...profile, firstName: '', lastName: '', firstname: '', lastname: '' } };
    const { user } = renderApp({ url, bootData });
    const signature = (await screen.findByLabelText(/Enter your name as the electronic signature/)) as HTMLInputElement;
    expect(signature.placeholder).toBe('Enter your name');
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.type(signature, 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please enter your full name')).toBeTruthy();
    expect(server.callsTo('POST', '/api/offer/offers/o-inline/d-inline/accept')).toHaveLength(0);
  });

  it('signs with the exact name, confirms, refreshes the offers and then offers the signed copy and certificate', async () => {
    serve(offer);
    const signedOffer = offerWith('o-inline', { ...INLINE, status: 'Signed', signed: true, updated_at: '2025-03-07T12:00:00.000Z', receipt_path: '/api/offer/offers/o-inline/d-inline/receipt' }, { status: 'Accepted' });
    server.on('POST', '/api/offer/offers/o-inline/d-inline/accept', () => {
      serve(signedOffer);
      return jsonResponse(200, actionResponse(signedOffer, 'd-inline'));
    });
    const { user } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
    await user.type(screen.getByLabelText(/Enter your name as the electronic signature/), '  Ada Lovelace ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Successfully submitted form for verification')).toBeTruthy();
    const calls = server.callsTo('POST', '/api/offer/offers/o-inline/d-inline/accept');
    expect(calls).toHaveLength(1);
    const form = formFields(calls[0]);
    expect(form.get('agreed')).toBe('true');
    expect(form.get('signature')).toBe('Ada Lovelace');
    expect(calls[0]?.headers.get('X-CSRF-Token')).toBe('token-from-page');

    // issue 8 §6: the panel says the offer was accepted, and takes focus (it is scrolled into view).
    const signed = await screen.findByRole('region', { name: 'Offer accepted' });
    await waitFor(() => expect(document.activeElement).toBe(within(signed).getByRole('heading', { name: 'Offer accepted' })));
    expect(within(signed).getByText('Signed on 03/07/2025')).toBeTruthy();
    expect(within(signed).getByText('a'.repeat(64))).toBeTruthy();
    expect(within(signed).getByRole('link', { name: 'Download signed document' }).getAttribute('href')).toBe(
      '/api/offer/offers/o-inline/d-inline/download?hl=en',
    );
    expect(within(signed).getByRole('link', { name: 'Download signing certificate' }).getAttribute('href')).toBe(
      // The page's language rides along: the certificate of an upload is drawn in it (issue 13).
      '/api/offer/offers/o-inline/d-inline/receipt?hl=en',
    );
    expect(server.callsTo('GET', '/api/offer/offers/o-inline').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server message when accepting fails, else ours (spec §8)', async () => {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-inline/d-inline/accept', errorResponse(409, 'conflict', 'You have already accepted this offer.'));
    const { user } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('checkbox', { name: /I have read and agree/ }));
    await user.type(screen.getByLabelText(/Enter your name as the electronic signature/), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already accepted this offer.');

    server.fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Something went wrong when accepting the offer'));
  });

  it('offers the upload steps to a candidate who prefers paper', async () => {
    serve(offer);
    const { user, location } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('link', { name: /Print, sign and upload the letter instead/ }));
    expect(await screen.findByRole('heading', { name: 'Upload signed document' })).toBeTruthy();
    expect(location.current?.search).toBe('?method=upload');
    await user.click(screen.getByRole('link', { name: 'Sign it digitally on this page instead' }));
    expect(await screen.findByRole('button', { name: 'Submit' })).toBeTruthy();
    expect(location.current?.search).toBe('');
  });
});

describe('offer letter page (b): the three steps with the signed upload', () => {
  const offer = offerWith('o-upload', UPLOAD);
  const url = '/careers/offer/o-upload/offer-document/d-upload';

  it('shows the three steps, and View opens the letter inline', async () => {
    serve(offer);
    const { user } = renderApp({ url, isSignedIn: true });
    const steps = await screen.findByRole('list', { name: 'Steps to accept the offer' });
    expect(within(steps).getAllByRole('heading').map((heading) => heading.textContent)).toEqual([
      'Review job offer',
      'Print & sign or sign digitally',
      'Upload signed document',
    ]);
    expect(screen.queryByTestId('pdf-viewer')).toBeNull();
    const view = screen.getByRole('button', { name: 'View' });
    await user.click(view);
    expect(view.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByTestId('pdf-viewer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit signed offer' })).toBeTruthy();
    // The company asked for a signature on paper: no other way is offered.
    expect(screen.queryByRole('link', { name: /Sign it digitally/ })).toBeNull();
  });

  it('says what is missing when submitted with no file, at the field, and sends nothing (issue 8 §6)', async () => {
    serve(offer);
    const { user } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Submit signed offer' }));
    expect(server.callsTo('POST', '/api/offer/offers/o-upload/d-upload/accept')).toHaveLength(0);
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the signed offer letter (a PDF) to upload');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose a PDF' }));
  });

  it('takes at most one file, PDFs only, before anything is sent', async () => {
    serve(offer);
    const { user } = renderApp({ url, isSignedIn: true });
    const zone = await screen.findByTestId('signed-upload-zone');
    drop(zone, [pdfFile('a.pdf'), pdfFile('b.pdf')]);
    expect((await screen.findByRole('alert')).textContent).toBe('You should upload at most 1 file');
    drop(zone, [new File(['<html>'], 'letter.html', { type: 'text/html' })]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Upload a PDF file'));
    drop(zone, [new File(['MZ'], 'renamed.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Upload a PDF file'));
    await user.click(screen.getByRole('button', { name: 'Submit signed offer' }));
    expect(server.callsTo('POST', '/api/offer/offers/o-upload/d-upload/accept')).toHaveLength(0);
  });

  it('uploads the signed document as signed_document_file and confirms', async () => {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-upload/d-upload/accept', jsonResponse(200, actionResponse(offer, 'd-upload')));
    const { user } = renderApp({ url, isSignedIn: true });
    await user.upload(await screen.findByLabelText(/Signed offer letter \(PDF\)/), pdfFile());
    expect(await screen.findByText('signed.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit signed offer' }));
    expect(await screen.findByText('Successfully submitted form for verification')).toBeTruthy();
    const calls = server.callsTo('POST', '/api/offer/offers/o-upload/d-upload/accept');
    expect(calls).toHaveLength(1);
    expect((formFields(calls[0]).get(DOCUMENT_UPLOAD_FIELD) as File).name).toBe('signed.pdf');
  });

  it('uploads the offer letter as signed_offer_letter_pdf_file on /careers/offer-letter/{id}', async () => {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-upload/accept', jsonResponse(200, actionResponse(offer, 'd-upload')));
    const { user } = renderApp({ url: '/careers/offer-letter/o-upload', isSignedIn: true });
    await user.upload(await screen.findByLabelText(/Signed offer letter \(PDF\)/), pdfFile());
    await user.click(await screen.findByRole('button', { name: 'Submit signed offer' }));
    expect(await screen.findByText('Successfully submitted form for verification')).toBeTruthy();
    const calls = server.callsTo('POST', '/api/offer/offers/o-upload/accept');
    expect(calls).toHaveLength(1);
    expect(formFields(calls[0]).get(OFFER_UPLOAD_FIELD)).toBeInstanceOf(File);
  });

  it('downloads the letter as offer-letter-{id}.pdf, or says why it cannot (spec §5)', async () => {
    const created: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:letter';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    serve(offer);
    const first = renderApp({ url, isSignedIn: true });
    await first.user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(names).toEqual(['offer-letter-o-upload.pdf']);
    expect(created[0]?.type).toBe('application/pdf');
    expect(await created[0]?.text()).toBe(atob(LETTER_B64));
    first.unmount();

    serve(offerWith('o-upload', { ...UPLOAD, b64_string: null }));
    const second = renderApp({ url, isSignedIn: true });
    await second.user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('No offer letter content available')).toBeTruthy();
    second.unmount();

    serve(offerWith('o-upload', { ...UPLOAD, b64_string: '%%% not base64 %%%' }));
    const third = renderApp({ url, isSignedIn: true });
    await third.user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Offer Letter Download Failed')).toBeTruthy();
    expect(names).toHaveLength(1);
  });
});

describe('offer letter page (d): decline with confirmation', () => {
  const offer = offerWith('o-upload', UPLOAD);
  const url = '/careers/offer/o-upload/offer-document/d-upload';

  it('declines with an optional reason, refreshes the offers and returns to the list', async () => {
    serve(offer);
    const declined = { ...offer, status: 'Declined' as const };
    server.on('POST', '/api/offer/offers/o-upload/decline', () => {
      server.on('GET', '/api/offer/offers', jsonResponse(200, listBody([declined])));
      return jsonResponse(200, actionResponse(declined, null, 'Successfully rejected the offer'));
    });
    const { user, location } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this offer?' });
    expect(within(dialog).getByText(sentence('You are about to decline the offer for Senior Robotics Engineer. This cannot be undone.'))).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'I accepted another offer' }));
    await user.type(within(dialog).getByLabelText(/Anything else/), '  A role closer to home.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));

    expect(await screen.findByText('Successfully rejected the offer')).toBeTruthy();
    expect(server.callsTo('POST', '/api/offer/offers/o-upload/decline').map((call) => call.body)).toEqual([
      { reason_code: 'accepted_another_offer', reason_text: 'A role closer to home.' },
    ]);
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/offers'));
    const card = await screen.findByRole('article', { name: 'Senior Robotics Engineer' });
    await waitFor(() => expect(within(card).getByText('Declined')).toBeTruthy());
  });

  it('declines without a reason, and Cancel sends nothing', async () => {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-upload/decline', jsonResponse(200, actionResponse({ ...offer, status: 'Declined' }, null)));
    const { user } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.callsTo('POST', '/api/offer/offers/o-upload/decline')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/offer/offers/o-upload/decline').map((call) => call.body)).toEqual([{}]));
  });

  it('shows the server message when declining fails, else ours (spec §8)', async () => {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-upload/decline', errorResponse(409, 'conflict', 'This offer has expired and can no longer be accepted or declined.'));
    const { user, location } = renderApp({ url, isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This offer has expired and can no longer be accepted or declined.');
    server.on('POST', '/api/offer/offers/o-upload/decline', new Response('', { status: 502 }));
    await user.click(within(dialog).getByRole('button', { name: 'Decline offer' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Something went wrong when rejecting the offer'));
    expect(location.current?.pathname).toBe(url.split('?')[0]);
  });
});

describe('offer letter page (c): the e-signature frame', () => {
  const offer = offerWith('o-esign', ESIGN);
  const url = '/careers/offer/o-esign/offer-document/d-esign';
  const accept = '/api/offer/offers/o-esign/d-esign/accept';
  const status = '/api/offer/offers/o-esign/d-esign/esign_status';

  function esignStatusBody(signed: boolean) {
    const document = signed ? { ...ESIGN, status: 'Signed' as const, signed: true } : ESIGN;
    return {
      ...actionResponse(offerWith('o-esign', document, { status: signed ? 'Accepted' : 'Extended' }), 'd-esign', 'Successfully signed the offer letter'),
      status: document.status,
      signed,
      esign_decision: signed ? 'signed' : null,
    };
  }

  async function openFrame() {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-esign/d-esign/esign_token', jsonResponse(200, { url: '/careers/esign/token-1', expires_at: daysFromNow(0.01) }));
    const rendered = renderApp({ url, isSignedIn: true });
    // The letter page loads lazily; on a busy machine that takes longer than findBy's default second.
    const frame = (await screen.findByTitle(`Electronic signature for ${isolate('Offer letter')}`, {}, { timeout: 5000 })) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/careers/esign/token-1`);
    return { ...rendered, frame };
  }

  function post(data: unknown, init: { origin?: string; source?: Window | null } = {}) {
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin: init.origin ?? window.location.origin, source: init.source ?? null }),
      );
    });
  }

  it('ignores messages from untrusted origins, other windows and of any other shape (T11)', async () => {
    const { frame } = await openFrame();
    const source = frame.contentWindow;
    const valid = { type: 'ESIGN', offerId: 'o-esign', documentId: 'd-esign' };
    post(valid, { origin: 'https://evil.example', source });
    post(valid, { origin: 'null', source });
    post(valid, { source: null });
    post(valid, { source: window });
    post({ type: 'ESIGN' }, { source });
    post({ type: 'esign', offerId: 'o-esign', documentId: 'd-esign' }, { source });
    post({ ...valid, documentId: 'd-other' }, { source });
    post(JSON.stringify(valid), { source });
    post('ESIGN', { source });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.callsTo('POST', accept)).toHaveLength(0);
    expect(server.callsTo('POST', status)).toHaveLength(0);
  });

  it('on a trusted ESIGN sends exactly one accept and one esign_status, confirms and goes back (T11, spec §4)', async () => {
    server = installFetchMock();
    const { frame, location } = await openFrame();
    server.on('POST', accept, errorResponse(409, 'conflict', 'This document has already been signed.'));
    server.on('POST', status, jsonResponse(200, esignStatusBody(true)));
    const message = { type: 'ESIGN', offerId: 'o-esign', documentId: 'd-esign' };
    post(message, { source: frame.contentWindow });
    post(message, { source: frame.contentWindow });
    expect(await screen.findByText('Successfully signed the offer letter')).toBeTruthy();
    expect(server.callsTo('POST', accept)).toHaveLength(1);
    expect(server.callsTo('POST', status)).toHaveLength(1);
    // "the accept is sent with empty form data"; its failure is not shown for the e-sign variant (§8).
    expect([...formFields(server.callsTo('POST', accept)[0]).keys()]).toEqual([]);
    expect(server.callsTo('POST', status)[0]?.body).toEqual({ status: 'signed' });
    expect(screen.queryByText('This document has already been signed.')).toBeNull();
    expect(screen.queryByText('Something went wrong when accepting the offer')).toBeNull();
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/offer/o-esign'));
  });

  it('believes the server, not the frame: no signature on record means no success', async () => {
    const { frame, location } = await openFrame();
    server.on('POST', accept, errorResponse(409, 'conflict', 'Not signed'));
    server.on('POST', status, jsonResponse(200, esignStatusBody(false)));
    post({ type: 'ESIGN', offerId: 'o-esign', documentId: 'd-esign' }, { source: frame.contentWindow });
    expect(await screen.findByText(/We could not confirm your signature yet/)).toBeTruthy();
    expect(screen.queryByText('Successfully signed the offer letter')).toBeNull();
    expect(location.current?.pathname).toBe(url);
  });

  it('on a trusted REJECT says "Offer letter has been rejected", signs nothing and shows the offer Declined', async () => {
    const { frame, location } = await openFrame();
    server.on('POST', status, jsonResponse(200, esignStatusBody(false)));
    // The signing page's one reject call declined the offer on the server (issue 8 §6): the page only reads it back.
    serve({ ...offer, status: 'Declined' });
    post({ type: 'REJECT', offerId: 'o-esign', documentId: 'd-esign' }, { source: frame.contentWindow });
    expect(await screen.findByText('Offer letter has been rejected')).toBeTruthy();
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/offer/o-esign'));
    expect((await screen.findAllByText('Declined')).length).toBeGreaterThan(0);
    expect(server.callsTo('POST', accept)).toHaveLength(0);
    expect(server.callsTo('POST', '/api/offer/offers/o-esign/decline')).toHaveLength(0);
  });

  it('never frames a signing page on another origin', async () => {
    serve(offer);
    server.on('POST', '/api/offer/offers/o-esign/d-esign/esign_token', jsonResponse(200, { url: 'https://evil.example/esign' }));
    renderApp({ url, isSignedIn: true });
    expect(await screen.findByText('The signing panel could not be opened.')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });
});

describe('offer letter page: other states', () => {
  it('shows an expired offer for the record, with no way to sign', async () => {
    serve(offerWith('o-late', INLINE, { expires_at: daysFromNow(-1) }));
    renderApp({ url: '/careers/offer/o-late/offer-document/d-inline', isSignedIn: true });
    expect(await screen.findByText(/This offer has expired/)).toBeTruthy();
    expect(screen.getByText('Expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Decline/ })).toBeNull();
  });

  it('titles the tab with the document, the position and the company once the offer is known (spec §9)', async () => {
    const benefits = makeDocument({ id: 'd-benefits', name: 'Benefits enrolment', signing_mode: 'inline' });
    serve(offerWith('o-two', INLINE, { offer_documents: [INLINE, benefits] }));
    const first = renderApp({ url: '/careers/offer/o-two/offer-document/d-benefits', isSignedIn: true });
    expect(document.title).toBe('Careers at Acme Robotics');
    await screen.findByRole('heading', { level: 1, name: 'Benefits enrolment' });
    expect(document.title).toBe(`${isolate('Benefits enrolment')} for ${isolate('Senior Robotics Engineer')} - Acme Robotics`);
    first.unmount();

    // /careers/offer-letter/{id}: the letter awaiting a signature, here through the tenant's template.
    renderApp({ url: '/careers/offer-letter/o-two', isSignedIn: true, pcsxConfig: { seoConfig: { titleTemplate: '{title} | {company} Careers' } } });
    await screen.findByRole('heading', { level: 1, name: 'Offer letter' });
    expect(document.title).toBe(`${isolate('Offer letter')} for ${isolate('Senior Robotics Engineer')} | Acme Robotics Careers`);
  });

  it('sends an unknown offer to the list and an unknown document to its offer', async () => {
    server.on('GET', '/api/offer/offers/not-mine', errorResponse(404, 'not_found', 'Not found'));
    server.on('GET', '/api/offer/offers', jsonResponse(200, { offers: [] }));
    const first = renderApp({ url: '/careers/offer/not-mine/offer-document/d1', isSignedIn: true });
    await waitFor(() => expect(first.location.current?.pathname).toBe('/careers/offers'));
    first.unmount();

    serve(offerWith('o-inline', INLINE));
    const second = renderApp({ url: '/careers/offer/o-inline/offer-document/not-a-document', isSignedIn: true });
    await waitFor(() => expect(second.location.current?.pathname).toBe('/careers/offer/o-inline'));
  });
});
