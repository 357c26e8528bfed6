import type { Notification } from '@careers/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBootData } from '../../../app/dev/boot-fixture';
import { browser } from '../../../lib/browser';
import { errorResponse, installFetchMock, jsonResponse, type FetchMock } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { relativeTime } from './relative-time';

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
  messageKey: 'notifications.messages.offerExtended',
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
