import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { isolate } from '../../ui/bdi';

/** The screens are lazy chunks: their first render waits for the import on a loaded host. */
const LAZY = { timeout: 8000 };

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
});

const TABS = [
  { id: 'open', label: 'Open', count: 1 },
  { id: 'in_progress', label: 'In progress', count: 1 },
  { id: 'completed', label: 'Completed', count: 1 },
];
const FORMS = {
  open: [{ id: 'f-equipment', title: 'Equipment', status: 'open', requested_at: '2026-11-16T10:00:00.000Z', due_at: '2099-12-10T10:00:00.000Z', updated_at: '2026-11-16T10:00:00.000Z', completed_at: null }],
  in_progress: [{ id: 'f-pre', title: 'Preboarding', status: 'in_progress', requested_at: '2026-11-16T10:00:00.000Z', due_at: '2020-01-02T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z', completed_at: null }],
  completed: [{ id: 'f-hand', title: 'Handbook', status: 'completed', requested_at: '2026-11-10T10:00:00.000Z', due_at: null, updated_at: '2026-11-12T10:00:00.000Z', completed_at: '2026-11-12T10:00:00.000Z' }],
} as const;

const PREBOARDING = {
  sections: [
    {
      id: 'identity',
      title: 'Identity',
      items: [
        { name: 'legal_name', label: 'Full legal name', type: 'text', required: true },
        { name: 'ssn', label: 'Social security number', type: 'ssn', required: true, rules: [{ type: 'ssn' }] },
      ],
    },
  ],
};
const detail = (status: string, values: Record<string, unknown>) => ({
  data: { ...FORMS.in_progress[0], status, completed_at: status === 'completed' ? '2026-11-25T10:00:00.000Z' : null, form: PREBOARDING, values },
});

function mockLists() {
  server.on('GET', '/api/pcsx/forms_list', (request) => {
    const tab = (request.url.searchParams.get('tab_id') ?? 'open') as keyof typeof FORMS;
    expect(request.url.searchParams.get('include_tab_list')).toBe('true');
    return jsonResponse(200, { data: { forms: FORMS[tab], tabs: TABS } });
  });
}

describe('/careers/forms/center (spec §2, §7 forms_list)', () => {
  it('lists the open tab with counts and cards, and switches tabs by keyboard', async () => {
    mockLists();
    const { user, location } = renderApp({ url: '/careers/forms/center', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' }, LAZY)).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Equipment' });
    expect(within(card).getByText('Not started')).toBeTruthy();
    expect(within(card).getByText('Requested 11/16/2026')).toBeTruthy();
    expect(within(card).getByText('Due 12/10/2099')).toBeTruthy();
    expect(within(card).getByRole('link', { name: `Start: ${isolate('Equipment')}` }).getAttribute('href')).toBe('/careers/forms?id=f-equipment');

    const openTab = screen.getByRole('tab', { name: /Open/ });
    expect(openTab.textContent).toContain('1');
    openTab.focus();
    await user.keyboard('{ArrowRight}');
    const progress = await screen.findByRole('article', { name: 'Preboarding' });
    expect(within(progress).getByText('Was due 01/02/2020')).toBeTruthy();
    expect(within(progress).getByRole('link', { name: `Continue: ${isolate('Preboarding')}` })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: /In progress/ }));
    expect(location.current?.search).toBe('?tab=in_progress');

    await user.keyboard('{End}');
    const done = await screen.findByRole('article', { name: 'Handbook' });
    expect(within(done).getByText('Submitted 11/12/2026')).toBeTruthy();
    expect(within(done).getByRole('link', { name: `View: ${isolate('Handbook')}` })).toBeTruthy();
  }, 20_000);

  it('says so helpfully when a tab is empty, and shows the spec’s error with a retry when the list fails', async () => {
    server.on('GET', '/api/pcsx/forms_list', jsonResponse(200, { data: { forms: [], tabs: TABS.map((tab) => ({ ...tab, count: 0 })) } }));
    renderApp({ url: '/careers/forms/center?tab=completed', isSignedIn: true });
    expect(await screen.findByText('No completed forms yet', {}, LAZY)).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Completed/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows "An error occurred while retrieving data" when the list cannot be read', async () => {
    server.on('GET', '/api/pcsx/forms_list', errorResponse(500, 'internal', 'Internal Server Error'));
    renderApp({ url: '/careers/forms/center', isSignedIn: true });
    expect((await screen.findByRole('alert', {}, LAZY)).textContent).toContain('An error occurred while retrieving data');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/careers/forms?id= (page id formView)', () => {
  it('autosaves progress, shows the server’s field errors on submit, then submits and moves to the completed tab', async () => {
    mockLists();
    server.on('GET', '/api/pcsx/forms/f-pre', jsonResponse(200, detail('in_progress', { legal_name: 'Ada' })));
    server.on('PUT', '/api/pcsx/forms/f-pre', (request) => jsonResponse(200, detail('in_progress', (request.body as { values: Record<string, unknown> }).values)));
    let submits = 0;
    server.on('POST', '/api/pcsx/forms/f-pre', (request) => {
      submits += 1;
      return submits === 1
        ? errorResponse(400, 'validation_failed', 'Please correct the highlighted fields', { ssn: 'This number was already used' })
        : jsonResponse(200, detail('completed', (request.body as { values: Record<string, unknown> }).values));
    });
    const { user, location } = renderApp({ url: '/careers/forms?id=f-pre', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Preboarding' }, LAZY)).toBeTruthy();
    const name = await screen.findByRole('textbox', { name: /Full legal name/ });
    expect((name as HTMLInputElement).value).toBe('Ada');
    await user.type(name, ' Lovelace');
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ values: { legal_name: 'Ada Lovelace' } });
    expect(await screen.findByText('All changes saved')).toBeTruthy();

    // The engine judges first: a malformed SSN never reaches the server.
    const ssn = screen.getByRole('textbox', { name: /Social security number/ });
    await user.type(ssn, '12345');
    await user.click(screen.getByRole('button', { name: 'Submit form' }));
    expect(await screen.findByText('Social security number is invalid. Enter in the format of XXX-XX-XXXX.')).toBeTruthy();
    expect(submits).toBe(0);

    await user.clear(ssn);
    await user.type(ssn, '123456789');
    await user.click(screen.getByRole('button', { name: 'Submit form' }));
    expect(await screen.findByText('This number was already used')).toBeTruthy();
    expect(screen.getByText('Some answers need your attention before you can submit.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit form' }));
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/forms/center'));
    expect(location.current?.search).toBe('?tab=completed');
    expect(await screen.findByText(`Thank you. “${isolate('Preboarding')}” has been submitted.`)).toBeTruthy();
  }, 30_000);

  it('shows a completed form read-only, with its SSN masked', async () => {
    server.on('GET', '/api/pcsx/forms/f-pre', jsonResponse(200, detail('completed', { legal_name: 'Augusta Ada King', ssn: '123-45-6789' })));
    renderApp({ url: '/careers/forms?id=f-pre', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Preboarding' }, LAZY)).toBeTruthy();
    expect(screen.getByText('Augusta Ada King')).toBeTruthy();
    expect(screen.getByText('•••-••-6789')).toBeTruthy();
    expect(screen.getByText('Submitted on 11/25/2026. Submitted forms can no longer be changed.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit form' })).toBeNull();
  });

  it('says a form of another account cannot be found (404), without saying whose it is', async () => {
    server.on('GET', '/api/pcsx/forms/someone-else', errorResponse(404, 'not_found', 'Form not found'));
    renderApp({ url: '/careers/forms?id=someone-else', isSignedIn: true });
    expect((await screen.findByRole('alert', {}, LAZY)).textContent).toContain('This form could not be found.');
    expect(screen.getByRole('link', { name: 'Go to the forms center' })).toBeTruthy();
  });
});

describe('/careers/onboarding (page id onboarding)', () => {
  it('lists what is left to complete and what is done, with progress', async () => {
    mockLists();
    renderApp({ url: '/careers/onboarding', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome aboard' }, LAZY)).toBeTruthy();
    expect(await screen.findByText('1 of 3 completed')).toBeTruthy();
    const toDo = screen.getByRole('region', { name: 'To complete' });
    expect(within(toDo).getAllByRole('article').map((card) => card.getAttribute('aria-labelledby') && card.querySelector('h3')?.textContent)).toEqual(['Preboarding', 'Equipment']);
    expect(within(screen.getByRole('region', { name: 'Completed' })).getByRole('article', { name: 'Handbook' })).toBeTruthy();
    expect((screen.getByLabelText('Onboarding progress') as HTMLProgressElement).value).toBe(1);
  });
});
