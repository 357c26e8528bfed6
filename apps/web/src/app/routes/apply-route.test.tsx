import type { ApplyForm } from '@careers/contracts';
import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { isolate } from '../../ui/bdi';

const CART_ON = { jobCartConfig: { enabled: true } };

const job = (id: number, name: string) => ({ id, name, archived_at: null, department: 'Engineering', location: 'Boston, MA, United States' });

function applyForm(overrides: Partial<ApplyForm> = {}): ApplyForm {
  return {
    positions: [job(11, 'Senior Robotics Engineer')],
    invalidPositionIds: [],
    alreadyAppliedPositionIds: [],
    form: {
      sections: [
        {
          title: 'Contact information',
          items: [
            { name: 'first_name', label: 'First name', type: 'text', required: true },
            { name: 'email', label: 'Email', type: 'email', required: true },
          ],
        },
        { title: 'Questions about the role', items: [{ name: 'why_this_role', label: 'Why this role?', type: 'textarea', required: true, positionIds: [12], positionTitle: 'Welding Lead' }] },
      ],
    },
    values: { first_name: 'Ada', email: 'ada@acme.example' },
    prefilledFrom: { first_name: 'profile', email: 'profile' },
    draftUpdatedAt: null,
    loggedOutApply: false,
    ...overrides,
  };
}

const application = (id: number, name: string) => ({
  id: `app-${id}`,
  position_id: id,
  position: { id, name, archived_at: null },
  stage: 'submitted',
  stage_label: 'Submitted',
  stage_meaning: 'Your application has been received.',
  next_step: 'The hiring team reviews applications.',
  submitted_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  withdrawn_at: null,
  can_withdraw: true,
  timeline: [],
});

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/apply_form', jsonResponse(200, { data: applyForm() }));
  server.on('GET', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [{ id: 11 }], invalidPositionIds: [] } }));
  server.on('PUT', '/api/pcsx/draft_applications', jsonResponse(200, { data: { updated_at: '2026-11-25T10:00:00.000Z' } }));
});

afterEach(() => sessionStorage.clear());

// The route's chunk loads lazily: on a busy machine the first screen takes longer than Testing Library's 1 s.
const defaultTimeout = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 10_000 }));
afterAll(() => configure({ asyncUtilTimeout: defaultTimeout }));

const form = () => screen.findByRole('form', { name: 'Application' });

describe('/careers/apply', { timeout: 30_000 }, () => {
  it('asks a visitor to sign in where logged-out apply is off, and shows the form where it is on', async () => {
    const closed = renderApp({ url: '/careers/apply?pid=11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeTruthy();
    expect(server.callsTo('GET', '/api/pcsx/apply_form')).toHaveLength(0);
    closed.unmount();
    renderApp({ url: '/careers/apply?pid=11', pcsxConfig: { applyFormConfig: { enableLoggedOutApply: true } } });
    expect(await form()).toBeTruthy();
    expect(screen.getByText('Your answers stay on this device until you submit.')).toBeTruthy();
  });

  it("says the form is unavailable when the engine cannot read the site's definition, and offers no form to fill", async () => {
    // A question of a type the engine does not know: the wire schema lets it through, the engine's does not.
    const form = { sections: [{ title: 'Questions', items: [{ name: 'hologram', label: 'Hologram', type: 'hologram' }] }] };
    server.on('GET', '/api/pcsx/apply_form', jsonResponse(200, { data: applyForm({ form }) }));
    renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    expect(await screen.findByText('The application form is unavailable')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Application' })).toBeNull();
  });

  it('shows the job and the stepper, submits, empties the cart of it and confirms calmly', async () => {
    server.on('POST', '/api/pcsx/apply', () => {
      // The server empties the cart of the job in the same transaction.
      server.on('GET', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [], invalidPositionIds: [] } }));
      return jsonResponse(201, { data: { applications: [application(11, 'Senior Robotics Engineer')], message: 'Your application has been submitted.' } });
    });
    const { user } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true, pcsxConfig: CART_ON });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Senior Robotics Engineer' })).toBeTruthy();
    // Department and location each keep their own direction (<bdi>): the line reads as one.
    expect(document.querySelector('.apply-jobs__meta')?.textContent).toBe('Engineering · Boston, MA, United States');
    expect(screen.getByRole('navigation', { name: 'Form steps' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Job cart, 1 job' })).toBeTruthy();
    await user.type(screen.getByLabelText(/Why this role/), 'Robots.');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Application submitted' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Application submitted' }));
    expect(screen.getByText('What happens next')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to job search' }).getAttribute('href')).toBe('/careers');
    const [submitted] = server.callsTo('POST', '/api/pcsx/apply');
    expect(submitted?.body).toEqual({ position_ids: [11], values: { first_name: 'Ada', email: 'ada@acme.example', why_this_role: 'Robots.' } });
    // spec §4 job cart updates: the cart is read again and no longer holds the job.
    expect(await screen.findByRole('button', { name: 'Job cart, 0 jobs' })).toBeTruthy();
    expect(sessionStorage.length).toBe(0);
  });

  it('says clearly when the candidate already applied (409) and keeps every answer', async () => {
    server.on('POST', '/api/pcsx/apply', errorResponse(409, 'conflict', 'You have already applied to Senior Robotics Engineer.'));
    const { user } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    await user.type(screen.getByLabelText(/Why this role/), 'Robots.');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You have already applied to Senior Robotics Engineer.');
    expect(document.activeElement).toBe(alert);
    expect((screen.getByLabelText(/Why this role/) as HTMLTextAreaElement).value).toBe('Robots.');
  });

  it("puts the server's field errors on their fields and focuses the first in the form's order", async () => {
    server.on('POST', '/api/pcsx/apply', errorResponse(400, 'validation', 'Some answers need your attention.', { why_this_role: 'Tell us more', email: 'Email is invalid.' }));
    const { user } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    await user.type(screen.getByLabelText(/Why this role/), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Email is invalid.')).toBeTruthy();
    expect(screen.getByText('Tell us more')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Email/)));
    expect(within(screen.getByRole('navigation', { name: 'Form steps' })).getByRole('button', { name: /Contact information/ }).textContent).toContain('1 error found');
  });

  it('autosaves a second after typing, says so quietly, and keeps a tab copy that a reload restores', async () => {
    const { user, unmount } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    expect(screen.getByRole('status').textContent).toContain('Answers save as you type');
    await user.type(screen.getByLabelText(/Why this role/), 'Because');
    await waitFor(() => expect(screen.getByText('Saved')).toBeTruthy(), { timeout: 4000 });
    const saves = server.callsTo('PUT', '/api/pcsx/draft_applications');
    expect(saves.at(-1)?.body).toEqual({ position_ids: [11], values: { first_name: 'Ada', email: 'ada@acme.example', why_this_role: 'Because' } });
    unmount();

    // The server's prefill does not know the last words yet: the tab's copy does.
    renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    expect((screen.getByLabelText(/Why this role/) as HTMLTextAreaElement).value).toBe('Because');
  });

  it('leaving within the pause loses nothing: the tab copy is written and the server save sent (keepalive) at once', async () => {
    const { user, unmount } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    await user.type(screen.getByLabelText(/Why this role/), 'Because');
    expect(server.callsTo('PUT', '/api/pcsx/draft_applications')).toHaveLength(0);
    unmount();
    const saves = server.callsTo('PUT', '/api/pcsx/draft_applications');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({ position_ids: [11], values: { first_name: 'Ada', email: 'ada@acme.example', why_this_role: 'Because' } });
    expect(saves[0]?.keepalive).toBe(true);

    renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    expect((screen.getByLabelText(/Why this role/) as HTMLTextAreaElement).value).toBe('Because');
  });

  it('says "Not saved — retrying" when a save fails', async () => {
    server.on('PUT', '/api/pcsx/draft_applications', errorResponse(503, 'unavailable', 'Down'));
    const { user } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    await user.type(screen.getByLabelText(/Why this role/), 'x');
    expect(await screen.findByText('Not saved — retrying', undefined, { timeout: 4000 })).toBeTruthy();
  });

  it('applies to several jobs at once: says which job asks what, and drops a job without losing answers', async () => {
    const both = applyForm({ positions: [job(11, 'Senior Robotics Engineer'), job(12, 'Welding Lead')] });
    const one = applyForm({ positions: [job(11, 'Senior Robotics Engineer')], form: { sections: [both.form.sections[0]!] } });
    server.on('GET', '/api/pcsx/apply_form', (request) => jsonResponse(200, { data: request.url.searchParams.get('pid') === '11,12' ? both : one }));
    const { user, location } = renderApp({ url: '/careers/apply?pid=11,12', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply to 2 jobs' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`For ${isolate('Welding Lead')}`))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit 2 applications' })).toBeTruthy();
    const firstName = screen.getByLabelText(/First name/);
    await user.clear(firstName);
    await user.type(firstName, 'Augusta');

    await user.click(screen.getByRole('button', { name: `Remove ${isolate('Welding Lead')} from this application` }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Senior Robotics Engineer' })).toBeTruthy();
    expect(location.current?.search).toBe('?pid=11');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Augusta');
    expect(screen.queryByLabelText(/Why this role/)).toBeNull();
  });

  it('explains an address without a job, a closed job and a failed load', async () => {
    const empty = renderApp({ url: '/careers/apply', isSignedIn: true });
    expect(await screen.findByRole('heading', { name: 'Choose a job to apply to' })).toBeTruthy();
    empty.unmount();

    server.on('GET', '/api/pcsx/apply_form', jsonResponse(200, { data: applyForm({ positions: [], invalidPositionIds: [11] }) }));
    const closed = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    expect(await screen.findByRole('heading', { name: 'This job is no longer accepting applications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toBeTruthy();
    closed.unmount();

    server.on('GET', '/api/pcsx/apply_form', errorResponse(500, 'internal', 'Boom'));
    renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeTruthy();
  });
});

describe('/careers/apply: a chosen resume fills the form (issue 9)', { timeout: 30_000 }, () => {
  const resumeForm = (): ApplyForm =>
    applyForm({
      form: {
        sections: [
          {
            title: 'Contact information',
            items: [
              { name: 'first_name', label: 'First name', type: 'text', required: true },
              { name: 'last_name', label: 'Last name', type: 'text', required: true },
              { name: 'email', label: 'Email', type: 'email', required: true },
              { name: 'phone', label: 'Phone', type: 'phone', phoneOptions: { defaultCountryCode: 'US' } },
            ],
          },
          {
            title: 'Work history',
            items: [
              {
                name: 'work_history',
                label: 'Work history',
                type: 'dynamicList',
                dynamicListOptions: { addButton: { text: 'Add position' }, items: [{ name: 'company', label: 'Company', type: 'text' }, { name: 'title', label: 'Title', type: 'text' }] },
              },
            ],
          },
          { title: 'Resume', items: [{ name: 'resume', label: 'Resume', type: 'file_upload', fileUploadOptions: { allowedTypes: ['pdf', 'txt'] } }] },
        ],
      },
      values: { first_name: 'Ada' },
      prefilledFrom: { first_name: 'profile' },
      resumeField: 'resume',
    });
  const parsedValues = {
    first_name: 'Adaeze',
    last_name: 'Okafor',
    email: 'adaeze.okafor@example.com',
    phone: '+44 20 7946 0958',
    work_history: [{ company: 'Brightwave Labs', title: 'Senior Backend Engineer' }],
  };
  const resumeFile = () => new File(['Adaeze Okafor\nadaeze.okafor@example.com\n'], 'Adaeze CV.txt', { type: 'text/plain' });
  const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

  it('fills only the empty fields, keeps what was typed or prefilled, says so politely, and reads each file once', async () => {
    server.on('GET', '/api/pcsx/apply_form', jsonResponse(200, { data: resumeForm() }));
    server.on('POST', '/api/pcsx/parse_resume', jsonResponse(200, { data: { parsed: {}, values: parsedValues } }));
    const { user, container } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    await user.type(screen.getByLabelText(/^Email/), 'me@example.com');
    await user.upload(fileInput(container), resumeFile());

    expect(await screen.findByText('We filled 3 fields from your resume. Check them before you submit.')).toBeTruthy();
    const note = screen.getByText('We filled 3 fields from your resume. Check them before you submit.');
    expect(note.getAttribute('role')).toBe('status');
    // Prefilled from the profile, and typed: kept.
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ada');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('me@example.com');
    // Empty: filled, the phone's country and number shown, a work history row added.
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('Okafor');
    const phone = screen.getByRole('group', { name: /Phone/ });
    expect((within(phone).getByRole('combobox') as HTMLSelectElement).value).toBe('GB');
    expect((within(phone).getByRole('textbox') as HTMLInputElement).value.replace(/\D/g, '')).toBe('02079460958');
    expect((screen.getByLabelText(/^Company/) as HTMLInputElement).value).toBe('Brightwave Labs');
    // Each filled field says where its answer came from, tied to the field; kept and typed ones do not.
    expect(screen.getAllByText('From your resume')).toHaveLength(3);
    const lastNameHint = screen.getByLabelText(/^Last name/).getAttribute('aria-describedby') ?? '';
    expect(lastNameHint.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain('From your resume');
    expect(screen.getByLabelText(/^First name/).getAttribute('aria-describedby') ?? '').not.toMatch(/\S/);

    const [call] = server.callsTo('POST', '/api/pcsx/parse_resume');
    const sent = call?.body as FormData;
    expect(sent.get('pid')).toBe('11');
    expect(sent.get('resume_file_name')).toBe('Adaeze CV.txt');
    expect(String(sent.get('resume_content'))).toMatch(/^data:text\/plain;base64,/);
    // Other changes never read the file again.
    await user.type(screen.getByLabelText(/^Last name/), '-Lovelace');
    expect(server.callsTo('POST', '/api/pcsx/parse_resume')).toHaveLength(1);
    // Changed by the candidate: no longer "from your resume".
    await waitFor(() => expect(screen.getAllByText('From your resume')).toHaveLength(2));

    server.on('POST', '/api/pcsx/apply', jsonResponse(201, { data: { applications: [application(11, 'Senior Robotics Engineer')], message: 'ok' } }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await screen.findByRole('heading', { level: 1, name: 'Application submitted' });
    const [submitted] = server.callsTo('POST', '/api/pcsx/apply');
    const values = (submitted?.body as { values: Record<string, unknown> }).values;
    expect(values).toMatchObject({
      first_name: 'Ada',
      last_name: 'Okafor-Lovelace',
      email: 'me@example.com',
      work_history: [{ company: 'Brightwave Labs', title: 'Senior Backend Engineer' }],
    });
    expect(values.phone).toBe('+44 20 7946 0958');
    expect((values.resume as { name: string }[])[0]?.name).toBe('Adaeze CV.txt');
  });

  it('a resume that cannot be read says so quietly, fills nothing, and applying goes on with the file', async () => {
    server.on('GET', '/api/pcsx/apply_form', jsonResponse(200, { data: resumeForm() }));
    server.on('POST', '/api/pcsx/parse_resume', errorResponse(422, 'validation', 'No text could be found in the file. Check it is your resume and upload it again.'));
    const { user, container } = renderApp({ url: '/careers/apply?pid=11', isSignedIn: true });
    await form();
    await user.upload(fileInput(container), resumeFile());
    expect(await screen.findByText('Your resume is attached. Fill in the form as usual.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).value).toBe('');

    server.on('POST', '/api/pcsx/apply', jsonResponse(201, { data: { applications: [application(11, 'Senior Robotics Engineer')], message: 'ok' } }));
    await user.type(screen.getByLabelText(/^Last name/), 'Okafor');
    await user.type(screen.getByLabelText(/^Email/), 'me@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await screen.findByRole('heading', { level: 1, name: 'Application submitted' });
    const values = (server.callsTo('POST', '/api/pcsx/apply')[0]?.body as { values: Record<string, unknown> }).values;
    expect((values.resume as { name: string }[])[0]?.name).toBe('Adaeze CV.txt');
  });
});
