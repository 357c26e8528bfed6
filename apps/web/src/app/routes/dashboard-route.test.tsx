import { act, configure, screen, waitFor, within, type Matcher } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APPLICATIONS, DRAFTS, EVENTS, INTERVIEWS, NUDGES, REFERRALS } from '../../features/dashboard/test/dashboard-fixtures';
import { listBody, makeOffer } from '../../features/offers/test/offer-fixtures';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { sentence } from '../../test/text';
import { isolate } from '../../ui/bdi';

const ALL_TABS = ['applications', 'interviews', 'savedPositions', 'offers', 'openDraftApplications', 'closedDraftApplications', 'events', 'referrals'];
const CALLS: Record<string, string> = {
  applications: '/api/pcsx/dashboard/applications',
  interviews: '/api/pcsx/dashboard/interviews',
  events: '/api/pcsx/dashboard/events',
  referrals: '/api/pcsx/dashboard/referrals',
  drafts: '/api/pcsx/draft_applications',
  saved: '/api/pcsx/positions/saved',
  offers: '/api/offer/offers',
  nudges: '/api/pcsx/dashboard/nudges',
};

let server: FetchMock;
// The dashboard is a lazy route: its first load in a busy test run can take a few seconds.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

function answerEverything() {
  server.on('GET', CALLS.nudges!, jsonResponse(200, { nudges: NUDGES }));
  server.on('GET', CALLS.applications!, jsonResponse(200, { data: APPLICATIONS }));
  server.on('GET', CALLS.interviews!, jsonResponse(200, { data: INTERVIEWS }));
  server.on('GET', CALLS.events!, jsonResponse(200, { data: EVENTS }));
  server.on('GET', CALLS.referrals!, jsonResponse(200, { data: { referrals: REFERRALS } }));
  server.on('GET', CALLS.drafts!, jsonResponse(200, { draft_applications: DRAFTS }));
  server.on('GET', CALLS.saved!, jsonResponse(200, { count: 0, positions: [] }));
  server.on('GET', CALLS.offers!, jsonResponse(200, listBody([makeOffer()])));
}

const dashboard = (url = '/careers/dashboard', options: { gate?: boolean; v2?: boolean; tabs?: string[] } = {}) =>
  renderApp({
    url,
    isSignedIn: true,
    pcsxConfig: { dashboardConfig: { tabs: options.tabs ?? ALL_TABS } },
    config: { gates: { referralWithCandidateApplicationGate: options.gate ?? true }, behaviourFlags: { redirectToDashboardV2: options.v2 ?? false } },
  });

beforeEach(() => {
  server = installFetchMock();
  answerEverything();
});

describe('/careers/dashboard', () => {
  it('asks a visitor to sign in (protected route) and reads nothing', async () => {
    renderApp({ url: '/careers/dashboard' });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(server.callsTo('GET', CALLS.applications!)).toHaveLength(0);
    expect(server.callsTo('GET', CALLS.nudges!)).toHaveLength(0);
  });

  it('greets the candidate, shows the next steps with their links, and the configured tabs', async () => {
    dashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeTruthy();
    expect(document.title).toBe('Dashboard');
    const steps = screen.getByRole('region', { name: 'Next steps' });
    expect(await within(steps).findByText(sentence('Your offer for Senior Robotics Engineer is waiting'))).toBeTruthy();
    expect(within(steps).getByRole('link', { name: 'Review offer' }).getAttribute('href')).toBe('/careers/offer/offer-1');
    expect(within(steps).getByRole('link', { name: 'Continue application' }).getAttribute('href')).toBe('/careers/apply?pid=21');
    expect(within(steps).getByText('Your profile is 60% complete')).toBeTruthy();
    expect(within(steps).getByText('Add your location and skills (at least 3) so hiring teams see the whole picture.')).toBeTruthy();
    // Four shown, the rest behind "Show all".
    expect(within(steps).queryByText('Jobs that match you strongly')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Show all 5 next steps' }).click());
    expect(within(steps).getByRole('link', { name: 'Automation Engineer' }).getAttribute('href')).toBe('/careers/job/41');
    expect(within(steps).getByText('86%')).toBeTruthy();

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Applications', 'Interviews', 'Saved jobs', 'Offers', 'Drafts', 'Events', 'Referrals']);
  });

  it('keeps referrals behind gates.referralWithCandidateApplicationGate', async () => {
    dashboard('/careers/dashboard', { gate: false });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).not.toContain('Referrals');
    // Asking for it by address opens the first tab instead.
    expect(server.callsTo('GET', CALLS.referrals!)).toHaveLength(0);
  });

  it('says "Failed to fetch dashboard nudges" in place of the next steps, and the tabs still work', async () => {
    server.on('GET', CALLS.nudges!, errorResponse(500, 'internal', 'boom'));
    dashboard();
    expect(await screen.findByText('Failed to fetch dashboard nudges')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Robotics Engineer' })).toBeTruthy();
  });

  it('moves between tabs with the arrow keys and keeps the tab in the address', async () => {
    const { user, location } = dashboard('/careers/dashboard?tab=interviews');
    const interviews = await screen.findByRole('tab', { name: 'Interviews' });
    expect(interviews.getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Upcoming');
    interviews.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Saved jobs' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Saved jobs' }));
    await waitFor(() => expect(location.current?.search).toBe('?tab=saved'));
    await user.keyboard('{End}');
    await waitFor(() => expect(location.current?.search).toBe('?tab=referrals'));
  });

  describe('each tab: loading, empty, error, data', () => {
    const TABS: { tab: string; call: string; label: string; empty: unknown; emptyText: string; dataText: Matcher }[] = [
      { tab: 'applications', call: CALLS.applications!, label: 'Loading Applications…', empty: { data: { applications: [], inactiveApplications: [] } }, emptyText: 'No applications yet', dataText: 'Robotics Engineer' },
      { tab: 'interviews', call: CALLS.interviews!, label: 'Loading Interviews…', empty: { data: { upcoming: [], past: [] } }, emptyText: 'No interviews scheduled', dataText: 'Upcoming' },
      { tab: 'drafts', call: CALLS.drafts!, label: 'Loading Drafts…', empty: { draft_applications: [] }, emptyText: 'No drafts', dataText: 'Controls Engineer' },
      { tab: 'events', call: CALLS.events!, label: 'Loading Events…', empty: { data: { registered: [], open: [] } }, emptyText: 'No events yet', dataText: 'London open day' },
      { tab: 'referrals', call: CALLS.referrals!, label: 'Loading Referrals…', empty: { data: { referrals: [] } }, emptyText: 'No referrals', dataText: sentence('Referred by Charles Babbage') },
    ];

    for (const entry of TABS) {
      it(`${entry.tab}: skeleton while loading, then the data`, async () => {
        let release: (response: Response) => void = () => undefined;
        server.on('GET', entry.call, () => new Promise<Response>((resolve) => (release = resolve)));
        dashboard(`/careers/dashboard?tab=${entry.tab}`);
        expect(await screen.findByText(entry.label)).toBeTruthy();
        await act(async () => release(jsonResponse(200, (await fixtureOf(entry.tab)) as object)));
        expect(await within(screen.getByRole('tabpanel')).findByText(entry.dataText, { exact: false })).toBeTruthy();
        expect(screen.queryByText(entry.label)).toBeNull();
      });

      it(`${entry.tab}: a helpful empty state`, async () => {
        server.on('GET', entry.call, jsonResponse(200, entry.empty));
        dashboard(`/careers/dashboard?tab=${entry.tab}`);
        expect(await screen.findByRole('heading', { name: entry.emptyText })).toBeTruthy();
      });

      it(`${entry.tab}: "Failed to fetch data" with a retry that recovers`, async () => {
        server.on('GET', entry.call, errorResponse(500, 'internal', 'boom'));
        const { user } = dashboard(`/careers/dashboard?tab=${entry.tab}`);
        const alert = await screen.findByText('Failed to fetch data');
        server.on('GET', entry.call, jsonResponse(200, (await fixtureOf(entry.tab)) as object));
        await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
        expect(await within(screen.getByRole('tabpanel')).findByText(entry.dataText, { exact: false })).toBeTruthy();
      });
    }
  });

  it('applications: the pipeline, what the stage means, what comes next, and the history', async () => {
    dashboard();
    const card = (await screen.findByRole('heading', { name: 'Robotics Engineer' })).closest('article')!;
    const track = within(card).getByRole('list', { name: 'Application progress' });
    expect(within(track).getByText('Interviewing').closest('li')?.getAttribute('aria-current')).toBe('step');
    expect(within(card).getByText('You are interviewing for this position.')).toBeTruthy();
    expect(within(card).getByText('The team decides after the interviews.')).toBeTruthy();
    expect(within(card).getByText('History (2 updates)')).toBeTruthy();
    const past = screen.getByRole('region', { name: /Past applications/ });
    expect(within(past).getByText(sentence('Your reason: Took another job'))).toBeTruthy();
    expect(within(past).queryByRole('button', { name: /Withdraw/ })).toBeNull();
  });

  it('withdraws an application only after confirmation, with the reason', async () => {
    let withdrawn = false;
    server.on('POST', '/api/pcsx/applications/app-11/withdraw', () => {
      withdrawn = true;
      return jsonResponse(200, { data: { ...APPLICATIONS.applications[0], stage: 'withdrawn', can_withdraw: false } });
    });
    const { user } = dashboard();
    await user.click(await screen.findByRole('button', { name: `Withdraw your application for ${isolate('Robotics Engineer')}` }));
    let dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    expect(within(dialog).getByText(sentence('You are withdrawing your application for Robotics Engineer. The hiring team will be told, and this cannot be undone.'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep application' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(withdrawn).toBe(false);

    await user.click(screen.getByRole('button', { name: `Withdraw your application for ${isolate('Robotics Engineer')}` }));
    dialog = screen.getByRole('dialog', { name: 'Withdraw your application?' });
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Accepted another offer');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw application' }));
    expect(await screen.findByText('Your application was withdrawn.')).toBeTruthy();
    expect(server.callsTo('POST', '/api/pcsx/applications/app-11/withdraw')[0]?.body).toEqual({ reason: 'Accepted another offer' });
    // The dashboard asks again for what changed.
    await waitFor(() => expect(server.callsTo('GET', CALLS.applications!).length).toBeGreaterThan(1));
  });

  it('says the application was withdrawn even when the refreshed list has already moved its card away', async () => {
    // The refresh after a withdrawal refetches every dashboard call. When the list answers before the others,
    // the card (and the dialog inside it) leaves the active list while the withdrawal is still settling: the
    // confirmation must not depend on the card still being there (a lost toast flaked the e2e run).
    const [active] = APPLICATIONS.applications;
    const moved = { ...active!, stage: 'withdrawn', can_withdraw: false };
    server.on('POST', '/api/pcsx/applications/app-11/withdraw', () => {
      server.on('GET', CALLS.applications!, jsonResponse(200, { data: { applications: APPLICATIONS.applications.slice(1), inactiveApplications: [moved, ...APPLICATIONS.inactiveApplications] } }));
      server.on('GET', CALLS.nudges!, () => new Promise<Response>((resolve) => setTimeout(() => resolve(jsonResponse(200, { nudges: NUDGES })), 400)));
      return jsonResponse(200, { data: moved });
    });
    const { user } = dashboard();
    await user.click(await screen.findByRole('button', { name: `Withdraw your application for ${isolate('Robotics Engineer')}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw application' }));
    // The card has moved to the past list (no Withdraw button any more) before the nudges answer...
    await waitFor(() => expect(screen.queryByRole('button', { name: `Withdraw your application for ${isolate('Robotics Engineer')}` })).toBeNull());
    // ...and the candidate is still told it worked.
    expect(await screen.findByText('Your application was withdrawn.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the withdraw dialog open with the server’s reason when it refuses', async () => {
    server.on('POST', '/api/pcsx/applications/app-11/withdraw', errorResponse(409, 'conflict', 'This application can no longer be withdrawn.'));
    const { user } = dashboard();
    await user.click(await screen.findByRole('button', { name: `Withdraw your application for ${isolate('Robotics Engineer')}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw application' }));
    expect(await within(screen.getByRole('dialog')).findByText('This application can no longer be withdrawn.')).toBeTruthy();
  });

  it('drafts: open ones continue, closed ones are set apart; delete is optimistic', async () => {
    server.on('DELETE', CALLS.drafts!, jsonResponse(200, { data: { deleted: 1, message: 'Deleted draft application' } }));
    const { user } = dashboard('/careers/dashboard?tab=drafts');
    const open = await screen.findByRole('region', { name: /Open drafts/ });
    expect(within(open).getByRole('link', { name: `Continue your application for ${isolate('Controls Engineer')}` }).getAttribute('href')).toBe('/careers/apply?pid=21');
    const closed = screen.getByRole('region', { name: /Closed drafts/ });
    expect(within(closed).getByText('Position closed')).toBeTruthy();
    expect(within(closed).queryByRole('link', { name: /Continue/ })).toBeNull();
    await user.click(within(open).getByRole('button', { name: `Delete your draft for ${isolate('Controls Engineer')}` }));
    expect(await screen.findByText('Deleted draft application')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Controls Engineer' })).toBeNull();
    expect(server.callsTo('DELETE', CALLS.drafts!)[0]?.body).toEqual({ position_ids: [21] });
  });

  it('drafts: a failed delete puts the draft back and says so', async () => {
    let fail: (response: Response) => void = () => undefined;
    server.on('DELETE', CALLS.drafts!, () => new Promise<Response>((resolve) => (fail = resolve)));
    const { user } = dashboard('/careers/dashboard?tab=drafts');
    await user.click(await screen.findByRole('button', { name: `Delete your draft for ${isolate('Controls Engineer')}` }));
    // Gone at once…
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Controls Engineer' })).toBeNull());
    await act(async () => fail(errorResponse(500, 'internal', 'boom')));
    // …and back when the server says no.
    expect(await screen.findByText('Failed to delete draft application')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Controls Engineer' })).toBeTruthy();
  });

  it('interviews: upcoming and past in the candidate’s time zone, each upcoming one with its calendar file', async () => {
    dashboard('/careers/dashboard?tab=interviews');
    const upcoming = await screen.findByRole('region', { name: /Upcoming/ });
    const cards = within(upcoming).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const calendar = within(cards[0]!).getByRole('link', { name: /Download a calendar file for your interview on/ });
    expect(calendar.getAttribute('href')).toBe('/api/pcsx/dashboard/interviews/interview-video/calendar.ics?hl=en');
    expect(calendar.hasAttribute('download')).toBe(true);
    expect(within(cards[0]!).getByRole('link', { name: 'Join meeting' }).getAttribute('href')).toBe('https://meet.example/robotics');
    expect(within(cards[0]!).getByText(`With ${isolate('Charles Babbage')} and ${isolate('Mary Somerville')}`)).toBeTruthy();
    expect(within(cards[1]!).getByText('Canceled')).toBeTruthy();
    expect(within(cards[1]!).queryByRole('link', { name: 'Join meeting' })).toBeNull();
    const past = screen.getByRole('region', { name: /Past/ });
    expect(within(past).getByText(/Boston HQ/)).toBeTruthy();
    expect(screen.getByText(/^Times are shown in your time zone/)).toBeTruthy();
  });

  it('events: registration state, seats left and details', async () => {
    dashboard('/careers/dashboard?tab=events');
    const mine = await screen.findByRole('region', { name: /Your events/ });
    expect(within(mine).getByText('Registered')).toBeTruthy();
    const open = screen.getByRole('region', { name: /Open events/ });
    expect(within(open).getByText('Not registered')).toBeTruthy();
    expect(within(open).getByText('12 seats left')).toBeTruthy();
    expect(within(open).getByRole('link', { name: `Details of ${isolate('Robotics webinar')}` }).getAttribute('href')).toBe('https://events.example/open-day');
  });

  it('offers: the offers feature’s cards linking to the offer pages', async () => {
    dashboard('/careers/dashboard?tab=offers');
    const view = await screen.findByRole('link', { name: /View job offer/ });
    expect(view.getAttribute('href')).toBe('/careers/offer/offer-1');
  });

  it('v2: the flag sends a bare /careers/dashboard to the overview, whose cards link to each list', async () => {
    const { location } = dashboard('/careers/dashboard', { v2: true });
    await waitFor(() => expect(location.current?.pathname).toBe('/careers/dashboardv2'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Applications' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByRole('link', { name: 'View all: Applications' }).getAttribute('href')).toBe('/careers/applications');
    expect(screen.getByRole('link', { name: 'View all: Drafts' }).getAttribute('href')).toBe('/careers/dashboard?tab=drafts');
  });

  it('v2: an address naming a tab still opens that tab', async () => {
    dashboard('/careers/dashboard?tab=drafts', { v2: true });
    expect(await screen.findByRole('tab', { name: 'Drafts', selected: true })).toBeTruthy();
  });
});

describe('/careers/applications and /careers/interviews', () => {
  it('show the lists full width under their own heading', async () => {
    renderApp({ url: '/careers/applications', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Robotics Engineer' })).toBeTruthy();
  });

  it('interviews page', async () => {
    renderApp({ url: '/careers/interviews', isSignedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Interviews' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: /Upcoming/ })).toBeTruthy();
  });
});

async function fixtureOf(tab: string): Promise<unknown> {
  switch (tab) {
    case 'applications':
      return { data: APPLICATIONS };
    case 'interviews':
      return { data: INTERVIEWS };
    case 'drafts':
      return { draft_applications: DRAFTS };
    case 'events':
      return { data: EVENTS };
    default:
      return { data: { referrals: REFERRALS } };
  }
}
