import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationsRepository } from './notifications.repository';
import { createNotificationStreams, type StreamConnection } from './notifications.streams';

function fakeConnection() {
  const log: string[] = [];
  const connection: StreamConnection = {
    send: (event, data) => log.push(`${event} ${JSON.stringify(data)}`),
    comment: (text) => log.push(`: ${text}`),
    end: () => log.push('end'),
  };
  return { connection, log };
}

const repository = { countUnviewed: () => Promise.resolve(2), find: () => Promise.resolve(null) } as unknown as NotificationsRepository;
const owner = { tenantId: 't', candidateId: 'c' };

afterEach(() => {
  vi.useRealTimers();
});

describe('notification streams (the per-process hub)', () => {
  it('sends heartbeats while streams are open, and none once the last closes', async () => {
    vi.useFakeTimers();
    const streams = createNotificationStreams({ repository, heartbeatMs: 1000 });
    const { connection, log } = fakeConnection();
    const close = await streams.open(owner, connection);
    expect(log).toEqual(['badge {"count":2}']);
    vi.advanceTimersByTime(2500);
    expect(log.filter((line) => line === ': ping')).toHaveLength(2);
    close();
    close();
    expect(streams.size()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(log.filter((line) => line === ': ping')).toHaveLength(2);
  });

  it('caps streams per candidate, and closeAll ends every one (shutdown) without counting them twice', async () => {
    const streams = createNotificationStreams({ repository, maxPerCandidate: 2 });
    const first = fakeConnection();
    const closeFirst = await streams.open(owner, first.connection);
    await streams.open(owner, fakeConnection().connection);
    expect(streams.hasRoom(owner)).toBe(false);
    expect(streams.hasRoom({ tenantId: 't', candidateId: 'other' })).toBe(true);
    streams.closeAll();
    expect(first.log).toContain('end');
    expect(streams.size()).toBe(0);
    closeFirst();
    expect(streams.size()).toBe(0);
    expect(streams.hasRoom(owner)).toBe(true);
  });

  it('pushes nothing for a signal whose notification is not there (rolled back)', async () => {
    const streams = createNotificationStreams({ repository });
    const { connection, log } = fakeConnection();
    await streams.open(owner, connection);
    await streams.deliver({ ...owner, notificationId: 'gone' });
    expect(log).toEqual(['badge {"count":2}']);
  });
});
