import type { Notification } from '@careers/contracts';
import { configure, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone } from '../../../lib/intl';
import { installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { timeZoneLabel } from '../dashboard-time';
import { makeApplication, makeEvent, makeInterview } from '../test/dashboard-fixtures';

// Issue 11: dashboard, interview, event and notification times read the candidate's saved time zone
// (useTimeZone: the user store's preferences, else the browser's zone).
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

let server: FetchMock;
const TABS = ['applications', 'interviews', 'events'];

// 09:00 UTC is 18:00 in Tokyo (UTC+9, no summer time); 20:00 UTC is already the next day there.
const INTERVIEW = makeInterview('interview-tokyo', 0, { starts_at: '2030-06-03T09:00:00.000Z', ends_at: '2030-06-03T09:45:00.000Z', time_zone: 'UTC' });
const LATE_EVENT = { ...makeEvent('event-late', 'Evening webinar', 'registered'), starts_at: '2030-06-03T20:00:00.000Z', ends_at: '2030-06-03T21:00:00.000Z' };

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/pcsx/dashboard/interviews', jsonResponse(200, { data: { upcoming: [INTERVIEW], past: [] } }));
  server.on('GET', '/api/pcsx/dashboard/events', jsonResponse(200, { data: { registered: [LATE_EVENT], open: [] } }));
  server.on('GET', '/api/pcsx/dashboard/applications', jsonResponse(200, { data: {
    applications: [makeApplication('app-11', 'submitted', 'Robotics Engineer', { submitted_at: '2030-06-03T20:00:00.000Z', timeline: [{ from: null, to: 'submitted', reason: null, at: '2030-06-03T20:00:00.000Z' }] })],
    inactiveApplications: [],
  } }));
  server.on('GET', '/api/pcsx/dashboard/nudges', jsonResponse(200, { nudges: [] }));
  server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  server.on('GET', '/api/pcsx/notification_badge', jsonResponse(200, { data: { count: 0 } }));
});
afterEach(() => vi.unstubAllGlobals());

const dashboard = (tab: string, timeZone: string | null) =>
  renderApp({
    url: `/careers/dashboard?tab=${tab}`,
    isSignedIn: true,
    pcsxConfig: { dashboardConfig: { tabs: TABS } },
    ...(timeZone === undefined ? {} : { preferences: { timeZone } }),
  });

const interviewCard = async () => {
  const upcoming = await screen.findByRole('region', { name: /Upcoming/ });
  return within(upcoming).getByRole('article');
};

describe('dates in the candidate’s saved time zone', () => {
  it('a Tokyo candidate sees a 09:00 UTC interview at 18:00 (and where it was arranged, 09:00 UTC)', async () => {
    dashboard('interviews', 'Asia/Tokyo');
    const card = await interviewCard();
    expect(card.textContent).toMatch(/Mon, Jun 3, 2030\s*·\s*6:00\s*–\s*6:45\s*PM\s*GMT\+9/);
    expect(card.textContent).toMatch(/9:00\s*–\s*9:45\s*AM\s*UTC/);
    expect(screen.getByText(/^Times are shown in your time zone/).textContent).toContain('Japan Standard Time');
  });

  it('the same interview for a London candidate (summer time) is at 10:00', async () => {
    dashboard('interviews', 'Europe/London');
    const card = await interviewCard();
    expect(card.textContent).toMatch(/10:00\s*–\s*10:45\s*AM\s*GMT\+1/);
    expect(card.textContent).not.toMatch(/6:00/);
  });

  it('with no saved zone, the browser’s zone is used', async () => {
    dashboard('interviews', null);
    await interviewCard();
    expect(screen.getByText(/^Times are shown in your time zone/).textContent).toContain(timeZoneLabel('en', browserTimeZone()));
  });

  it('events and application dates fall on the Tokyo day: 20:00 UTC on 3 June is 4 June there', async () => {
    const { unmount } = dashboard('events', 'Asia/Tokyo');
    const event = await screen.findByRole('article', { name: 'Evening webinar' });
    expect(event.textContent).toMatch(/Tue, Jun 4, 2030\s*·\s*5:00\s*–\s*6:00\s*AM\s*GMT\+9/);
    unmount();

    dashboard('applications', 'Asia/Tokyo');
    const application = await screen.findByRole('article', { name: /Robotics Engineer/ });
    expect(application.textContent).toContain('06/04/2030');
    expect(application.textContent).not.toContain('06/03/2030');
  });
});

describe('notifications in the candidate’s saved time zone', () => {
  it('each card’s time carries its moment in the saved zone', async () => {
    const notification: Notification = {
      id: 'n1',
      categoryTitle: 'Interview',
      message: 'Your interview is confirmed',
      createdAt: '2030-06-03T09:00:00.000Z',
      isClicked: false,
      isViewed: false,
      redirectUrl: '/careers/interviews',
      notificationType: 'read_only',
      messageKey: 'notifications.messages.interviewScheduled',
      messageParams: {},
    };
    server.on('GET', '/api/pcsx/notification_badge', jsonResponse(200, { data: { count: 1 } }));
    server.on('GET', '/api/pcsx/notifications', jsonResponse(200, { data: [notification] }));
    server.on('POST', '/api/pcsx/notifications/mark_all_viewed', jsonResponse(200, { data: { count: 0 } }));
    const view = renderApp({ url: '/careers/interviews', isSignedIn: true, preferences: { timeZone: 'Asia/Tokyo' } });
    await view.user.click(await screen.findByRole('button', { name: 'Notifications, 1 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const time = (await within(panel).findByText(/ago|in /)).closest('time');
    expect(time?.getAttribute('title')).toMatch(/06\/03\/2030,\s*6:00\s*PM/);
  });
});
