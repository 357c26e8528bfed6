import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { position } from '../../features/search/test/search-fixtures';
import { browser } from '../../lib/browser';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { authState, renderApp } from '../../test/render';
import { sentence } from '../../test/text';

const JOB = position({
  id: 11,
  name: 'Senior Robotics Engineer',
  description: 'You will build arms.\n\n- Design grippers\n- Test <img src=x onerror=alert(1)>\n\nJoin us.',
  skills: ['Python', 'ROS 2'],
  salary: { min: 120000, max: 150000, currency: 'USD', period: 'year' },
  locations: [
    { city: 'Boston', region: 'MA', country: 'US', lat: 42.36, lng: -71.06 },
    { city: 'London', region: null, country: 'GB', lat: 51.5, lng: -0.12 },
  ],
  location: 'Boston, MA, US +1 more',
  work_location_option: 'hybrid',
});

let server: FetchMock;

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/position_details', jsonResponse(200, { data: JOB, metadata: { isFallback: false } }));
  server.on('GET', '/api/pcsx/position_insights', jsonResponse(200, {
    insights: [
      { type: 'team_size', department: 'Engineering', positions: 42 },
      { type: 'applicants_trend', weeks: [{ weekStart: '2025-01-06', count: 3 }, { weekStart: '2025-01-13', count: 9 }], direction: 'rising' },
      { type: 'time_to_hire', medianDays: 23.6, sampleSize: 18 },
    ],
  }));
  server.on('GET', '/api/pcsx/match_details', jsonResponse(200, { data: null }));
  server.on('GET', '/api/pcsx/overrides', jsonResponse(200, { data: {} }));
  server.on('GET', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [], invalidPositionIds: [] } }));
  vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
});

const CART_ON = { jobCartConfig: { enabled: true } };

describe('job page /careers/job/{pid}', () => {
  it('shows the job: title, facts, description as text, skills, locations and insights', async () => {
    renderApp({ url: '/careers/job/11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Senior Robotics Engineer' })).toBeTruthy();
    expect(document.title).toBe('Senior Robotics Engineer - Acme Robotics');
    expect(screen.getByText(/^\$120,000\s–\s\$150,000 a year$/)).toBeTruthy();
    expect(screen.getByText('Hybrid')).toBeTruthy();
    expect(screen.getByText('Full time')).toBeTruthy();
    const about = screen.getByRole('region', { name: 'About the job' });
    expect(within(about).getByText('Design grippers').tagName).toBe('LI');
    // Employer text is never markup.
    expect(within(about).getByText('Test <img src=x onerror=alert(1)>')).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Skills' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Python', 'ROS 2']);
    expect(screen.getByRole('region', { name: 'Locations (2)' }).textContent).toContain('London, GB');
    const insights = await screen.findByRole('region', { name: 'Insights' });
    expect(insights.textContent).toContain('42 roles in Engineering');
    expect(insights.textContent).toContain('12 in 2 weeks, rising');
    expect(insights.textContent).toContain('About 24 days (from 18 hires)');
    // Visitors see no match panel: there is nobody to match.
    expect(server.callsTo('GET', '/api/pcsx/match_details')).toHaveLength(0);
  });

  it('offers Apply, leading to the apply screen for this job', async () => {
    renderApp({ url: '/careers/job/11' });
    await screen.findByRole('heading', { level: 1, name: 'Senior Robotics Engineer' });
    expect(screen.getByRole('link', { name: 'Apply' }).getAttribute('href')).toBe('/careers/apply?pid=11');
  });

  it('serves /careers/job/private?pid=', async () => {
    renderApp({ url: '/careers/job/private?pid=11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Senior Robotics Engineer' })).toBeTruthy();
    expect(server.callsTo('GET', '/api/pcsx/position_details')[0]?.url.searchParams.get('position_id')).toBe('11');
  });

  it('an unknown id shows a not-found state with a way back to the search, and no toast', async () => {
    server.on('GET', '/api/pcsx/position_details', errorResponse(404, 'not_found', 'Position not found'));
    renderApp({ url: '/careers/job/999?utm_source=mail' });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this job" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search all jobs' }).getAttribute('href')).toBe('/careers?utm_source=mail');
    expect(screen.queryByText('Failed to load position details')).toBeNull();
  });

  it('a malformed id is not found without asking the server', async () => {
    renderApp({ url: '/careers/job/abc' });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find this job" })).toBeTruthy();
    expect(server.callsTo('GET', '/api/pcsx/position_details')).toHaveLength(0);
  });

  it('another failure toasts "Failed to load position details" and offers a retry', async () => {
    server.on('GET', '/api/pcsx/position_details', errorResponse(500, 'internal', 'boom'));
    renderApp({ url: '/careers/job/11' });
    expect(await screen.findByText('Failed to load position details')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('an archived job says it takes no applications and points to similar jobs', async () => {
    server.on('GET', '/api/pcsx/position_details', jsonResponse(200, { data: { ...JOB, archived_at: '2025-02-01T00:00:00.000Z' }, metadata: { isFallback: true } }));
    renderApp({ url: '/careers/job/11', pcsxConfig: CART_ON });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('This job is no longer accepting applications');
    expect(within(note).getByRole('link', { name: 'See similar jobs' }).getAttribute('href')).toBe('/careers?query=Senior+Robotics+Engineer');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply' })).toBeNull();
  });

  it('copies the link: "Copied to Clipboard", or the support message when the clipboard refuses', async () => {
    const { user } = renderApp({ url: '/careers/job/11?utm_source=mail' });
    // user-event installs its own clipboard; the spy sits on it.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/careers/job/11`);
    expect(await screen.findByText('Copied to Clipboard')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Sorry, unable to copy the variable. Please contact Support.')).toBeTruthy();
  });

  it('shows a signed-in candidate how they match, with a strong-match badge at the threshold', async () => {
    server.on('GET', '/api/pcsx/match_details', jsonResponse(200, {
      data: { score: 0.7, isStrongMatch: true, matchedSkills: ['Python'], missingSkills: [], titleMatch: true, locationMatch: false,
        reasons: [{ code: 'title_matched', title: 'Robotics Engineer' }, { code: 'profile_has_no_skills' }] },
    }));
    renderApp({ url: '/careers/job/11', isSignedIn: true, pcsxConfig: { searchConfig: { strongMatchThreshold: 0.7 } } });
    const match = await screen.findByRole('region', { name: /How you match/ });
    expect(await within(match).findByText('Strong match')).toBeTruthy();
    expect(within(match).getByText('70% match')).toBeTruthy();
    expect(within(match).getByText(sentence('Your title, Robotics Engineer, fits this role.'))).toBeTruthy();
  });
});

describe('save and cart while signed out (spec §4 pending action)', () => {
  async function signIn(user: ReturnType<typeof renderApp>['user']) {
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Email/), 'ada@acme.example');
    await user.type(within(dialog).getByLabelText(/Password/), 'lovelace-demo-1');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
  }

  it('Save opens the sign-in modal and saves the job once signed in, then reloads', async () => {
    const view = renderApp({ url: '/careers/job/11' });
    const signedIn = authState(view.bootData, { userStore: { ...view.bootData.userStore, isLoggedIn: true } });
    server.on('POST', '/api/auth/login', jsonResponse(200, signedIn));
    server.on('POST', '/api/pcsx/positions/saved', jsonResponse(200, { position_id: 11, isSaved: true }));
    await view.user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(server.callsTo('POST', '/api/pcsx/positions/saved')).toHaveLength(0);
    await signIn(view.user);
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
    expect(server.callsTo('POST', '/api/pcsx/positions/saved').map((call) => call.body)).toEqual([{ position_id: 11, action: 'save' }]);
  });

  it('Add to cart opens the sign-in modal and adds the job once signed in', async () => {
    const view = renderApp({ url: '/careers/job/11', pcsxConfig: CART_ON });
    const signedIn = authState(view.bootData, { userStore: { ...view.bootData.userStore, isLoggedIn: true } });
    server.on('POST', '/api/auth/login', jsonResponse(200, signedIn));
    server.on('POST', '/api/pcsx/job_cart', jsonResponse(200, { data: { jobCartData: [{ id: 11 }], invalidPositionIds: [] } }));
    await view.user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await signIn(view.user);
    await waitFor(() => expect(browser.reload).toHaveBeenCalled());
    expect(server.callsTo('POST', '/api/pcsx/job_cart').map((call) => call.body)).toEqual([{ pids: ['11'], operation: 'add' }]);
  });

  it('signed in, Save toggles at once and says so', async () => {
    server.on('POST', '/api/pcsx/positions/saved', (request) =>
      jsonResponse(200, { position_id: 11, isSaved: (request.body as { action: string }).action === 'save' }),
    );
    const { user } = renderApp({ url: '/careers/job/11', isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job saved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeTruthy();
    expect(server.callsTo('POST', '/api/pcsx/positions/saved')[0]?.body).toEqual({ position_id: 11, action: 'save' });
  });

  it('signed in, a failed save is undone and reported', async () => {
    server.on('POST', '/api/pcsx/positions/saved', errorResponse(500, 'internal', 'boom'));
    const { user } = renderApp({ url: '/careers/job/11', isSignedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText("We couldn't update your saved jobs. Please try again.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
