import type { Notification } from '@careers/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBootData } from '../../../app/dev/boot-fixture';
import { browser } from '../../../lib/browser';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { changeLocale } from '../../../lib/i18n';
import { renderApp, renderWithProviders } from '../../../test/render';
import { NotificationPanel } from './notification-panel';
import { formatInstant } from '@careers/i18n/notification-text';
import { relativeTime } from './relative-time';
import { sentence } from '../../../test/text';

let server: FetchMock;
const HOUR = 3_600_000;

const notification = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  categoryTitle: 'Offer',
  message: `Message ${id}`,
  createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
  isClicked: false,
  isViewed: false,
  redirectUrl: `/careers/offer/${id}?from=bell`,
  notificationType: 'action_required',
  // A key this version does not know: the card shows the text stored with it (issue 13 renders known keys).
  messageKey: 'tests.message',
  messageParams: {},
  ...overrides,
});

const ALL = [notification('n1'), notification('n2', { notificationType: 'read_only', categoryTitle: 'Application update', isClicked: true })];

beforeEach(() => {
  server = installFetchMock();
  server.on('GET', '/api/auth/sessions', jsonResponse(200, { sessions: [] }));
  server.on('GET', '/api/pcsx/notification_badge', jsonResponse(200, { data: { count: 3 } }));
  server.on('GET', '/api/pcsx/notifications', (request) =>
    jsonResponse(200, { data: request.url.searchParams.get('type_filter') === 'action_required' ? ALL.filter((item) => item.notificationType === 'action_required') : ALL }),
  );
  server.on('POST', '/api/pcsx/notifications/mark_all_viewed', jsonResponse(200, { data: { count: 0 } }));
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function openBell(url = '/careers/search') {
  const view = renderApp({ url, isSignedIn: true });
  const bell = await screen.findByRole('button', { name: 'Notifications, 3 new' });
  await view.user.click(bell);
  return { view, bell, panel: await screen.findByRole('dialog', { name: 'Notifications' }) };
}

describe('notification bell (spec §2, §4, §9; issue 12)', () => {
  it('is not shown signed out, nor when in-app notifications are off', async () => {
    renderApp({ url: '/careers/search' });
    await screen.findByRole('navigation', { name: /./ });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();

    const bootData = createBootData({ isSignedIn: true });
    bootData.notifications = { ...bootData.notifications, enableCandidateInappNotifications: false };
    renderApp({ url: '/careers/search', bootData });
    await screen.findAllByRole('navigation', { name: /./ });
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(server.callsTo('GET', '/api/pcsx/notification_badge')).toHaveLength(0);
  });

  it('opening zeroes the badge and marks all viewed; the cards read with relative times', async () => {
    const { bell, panel } = await openBell();
    expect(bell.getAttribute('aria-label')).toBe('Notifications, 0 new');
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/notifications/mark_all_viewed')).toHaveLength(1));
    expect(await within(panel).findByText('Message n1')).toBeTruthy();
    expect(within(panel).getAllByText(relativeTime(ALL[0]?.createdAt ?? '', new Date(), 'en'))).toHaveLength(2);
    expect(relativeTime(new Date(Date.now() - 2 * HOUR).toISOString(), new Date(), 'en')).toBe('2 hours ago');
  });

  it('moves between All and Action required with the arrow keys', async () => {
    const { view, panel } = await openBell();
    await within(panel).findByText('Message n2');
    within(panel).getByRole('tab', { name: 'All' }).focus();
    await view.user.keyboard('{ArrowRight}');
    const actionTab = within(panel).getByRole('tab', { name: 'Action required' });
    expect(actionTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(actionTab);
    await waitFor(() => expect(within(panel).queryByText('Message n2')).toBeNull());
    expect(server.callsTo('GET', '/api/pcsx/notifications').some((call) => call.url.searchParams.get('type_filter') === 'action_required')).toBe(true);
  });

  it('clicking a card marks it clicked, closes and goes to its link with the page’s query merged in', async () => {
    server.on('POST', '/api/pcsx/notifications/n1/mark_clicked', jsonResponse(200, { data: { ...ALL[0], isClicked: true } }));
    const { view, panel } = await openBell('/careers/search?query=robots&utm_source=mail&from=page');
    await view.user.click(await within(panel).findByText('Message n1'));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/careers/offer/n1?from=bell&query=robots&utm_source=mail'));
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull();
  });

  it('rolls the optimistic click back when the server refuses it, and stays', async () => {
    server.on('POST', '/api/pcsx/notifications/n1/mark_clicked', errorResponse(500, 'internal', 'boom'));
    const { view, panel } = await openBell();
    const card = (await within(panel).findByText('Message n1')).closest('button') as HTMLButtonElement;
    expect(card.className).toContain('notification-card--unread');
    await view.user.click(card);
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/notifications/n1/mark_clicked')).toHaveLength(1));
    await waitFor(() => expect((within(panel).getByText('Message n1').closest('button') as HTMLButtonElement).className).toContain('notification-card--unread'));
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('marks all as clicked', async () => {
    server.on('POST', '/api/pcsx/notifications/mark_all_clicked', jsonResponse(200, { data: { ok: true } }));
    const { view, panel } = await openBell();
    await within(panel).findByText('Message n1');
    await view.user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/pcsx/notifications/mark_all_clicked')).toHaveLength(1));
    expect(panel.querySelector('.notification-card--unread')).toBeNull();
  });

  it('shows the empty and error states, and closes on Escape', async () => {
    server.on('GET', '/api/pcsx/notifications', jsonResponse(200, { data: [] }));
    const first = await openBell();
    expect(await within(first.panel).findByText('You have no notifications yet.')).toBeTruthy();
    await first.view.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    first.view.unmount();

    server.on('GET', '/api/pcsx/notifications', errorResponse(500, 'internal', 'boom'));
    const second = await openBell();
    expect(await within(second.panel).findByText('Notifications could not be loaded.')).toBeTruthy();
  });

  it('has no Action required tab where it is not configured', async () => {
    const bootData = createBootData({ isSignedIn: true });
    bootData.notifications = { ...bootData.notifications, hasActionRequiredNotificationsConfigured: false };
    const view = renderApp({ url: '/careers/search', bootData });
    await view.user.click(await screen.findByRole('button', { name: 'Notifications, 3 new' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('Message n1');
    expect(within(panel).queryByRole('tab')).toBeNull();
  });
});

/** Its children once the page is in `locale` (as the footer's switcher leaves it). */
function InLocale({ locale, children }: { locale: string; children: ReactNode }) {
  const { i18n } = useTranslation();
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    void changeLocale(i18n, locale).then(() => setReady(true));
  }, [i18n, locale]);
  return isReady ? children : null;
}

describe('notification texts in the page’s language (issue 13)', () => {
  const startsAt = '2026-12-01T09:30:00.000Z';
  const cards = [
    notification('i1', {
      notificationType: 'read_only',
      categoryTitle: 'Interview rescheduled',
      message: 'Your interview for Robotics Engineer moved to Tue, 1 Dec 2026, 09:30 GMT.',
      messageKey: 'notifications.messages.interviewRescheduled',
      // As rows are stored: `when` in English (en-GB, the interview's zone), the instant beside it.
      messageParams: { positionName: 'Robotics Engineer', when: 'Tue, 1 Dec 2026, 09:30 GMT', startsAt, timeZone: 'UTC' },
    }),
    notification('j1', { notificationType: 'read_only', categoryTitle: 'Job alert', message: '3 new jobs match “Robots”.', messageKey: 'notifications.messages.jobAlert', messageParams: { name: 'Robots', count: 3 } }),
    notification('u1', { categoryTitle: 'Something new', message: 'A text this version has no key for.', messageKey: 'notifications.messages.fromTheFuture' }),
  ];

  beforeEach(() => {
    server.on('GET', '/api/pcsx/notifications', jsonResponse(200, { data: cards }));
  });
  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it('writes each card from its key and params, an ISO time formatted through Intl in the page’s locale', async () => {
    renderWithProviders(
      <InLocale locale="de">
        <NotificationPanel id="panel" onClose={() => undefined} />
      </InLocale>,
      { url: '/careers/search', isSignedIn: true },
    );
    const panel = await screen.findByRole('dialog', { name: 'Benachrichtigungen' });
    const when = formatInstant(startsAt, 'de');
    expect(when).toMatch(/1\. Dez\. 2026/);
    expect(await within(panel).findByText(sentence(`Ihr Interview für Robotics Engineer wurde auf ${when} verschoben.`))).toBeTruthy();
    // The position's name and the saved search's name are the tenant's and the candidate's words, each in a <bdi>; the time is ours.
    const isolated = [...panel.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(isolated).toEqual(expect.arrayContaining(['Robotics Engineer', 'Robots']));
    expect(isolated).not.toContain(when);
    expect(within(panel).getByText('Interview verschoben')).toBeTruthy();
    expect(within(panel).getByText(sentence('3 neue Stellen passen zu „Robots“.'))).toBeTruthy();
    expect(within(panel).getByText('Jobalarm')).toBeTruthy();
    // A key this version does not know keeps the text stored with it.
    expect(within(panel).getByText('A text this version has no key for.')).toBeTruthy();
    expect(within(panel).getByText('Something new')).toBeTruthy();
    expect(within(panel).queryByText(/Tue, 1 Dec 2026/)).toBeNull();
  });

  it('in English, the same row reads with the time in the English of the page, not the stored text', async () => {
    const { panel } = await openBell();
    const when = formatInstant(startsAt, 'en');
    expect(await within(panel).findByText(sentence(`Your interview for Robotics Engineer moved to ${when}.`))).toBeTruthy();
    expect(within(panel).getByText(sentence('3 new jobs match “Robots”.'))).toBeTruthy();
  });
});
