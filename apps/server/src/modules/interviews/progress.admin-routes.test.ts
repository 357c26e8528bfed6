import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp, type AdminTestApp } from '../../test/admin-api';
import { ADA, GRACE, TestClient } from '../../test/app';
import { forEachDatabase } from '../../test/databases';
import { candidateIdOf } from '../applications/applications.test-support';
import { createInterviewsRepository } from './interviews.repository';
import { createInterviewsService, type EmployerInterview } from './interviews.service';

/**
 * The employer API's interviews, events and referrals (issue 10): every call on both databases; the candidate's
 * notification and the interview.* webhook commit with the change (and neither when its transaction fails);
 * the calendar file follows the changes (time zone, SEQUENCE, METHOD:CANCEL); another tenant's key gets 404 and
 * changes nothing (T01/T02).
 */

const DAY_MS = 86_400_000;
const inDays = (days: number, hourUtc = 14) => {
  const date = new Date(Date.now() + days * DAY_MS);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
};

forEachDatabase('employer API: interviews, events and referrals (issue 10)', (context) => {
  let admin: AdminTestApp;
  let ada: TestClient;
  let adaId: string;
  let graceId: string;
  const endpointId = () => `endpoint-interviews-${context().dialect}`;

  const db = () => context().database.db;
  const count = async (table: 'notifications' | 'webhookDeliveries' | 'interviews' | 'eventRegistrations' | 'referrals') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const lastNotification = (candidateId: string) =>
    db().selectFrom('notifications').selectAll().where('candidateId', '=', candidateId).orderBy('createdAt', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const deliveries = () => db().selectFrom('webhookDeliveries').select(['eventType', 'payload']).where('endpointId', '=', endpointId()).orderBy('createdAt').execute();

  const schedule = (payload: Record<string, unknown>, key?: string) => admin.call({ method: 'POST', url: '/interviews', payload, ...(key ? { key } : {}) });
  const videoFor = (candidate: { id: string } | { email: string }) => ({
    candidate,
    applicationId: 'application-ada-submitted',
    startsAt: inDays(6),
    durationMinutes: 60,
    timeZone: 'America/New_York',
    kind: 'video',
    meetingUrl: 'https://meet.example/abc',
    interviewers: ['Charles Babbage'],
    notes: 'Bring questions',
  });

  beforeAll(async () => {
    admin = await createAdminTestApp(context(), { positions: 10 });
    ada = new TestClient(admin.app);
    await ada.login(ADA);
    adaId = await candidateIdOf(context().database, ADA.email);
    graceId = await candidateIdOf(context().database, GRACE.email);
    await db()
      .insertInto('webhookEndpoints')
      .values({
        id: endpointId(),
        tenantId: admin.tenantId,
        url: 'https://hooks.example/careers',
        secret: 'whsec_test',
        eventTypes: JSON.stringify(['interview.scheduled', 'interview.rescheduled', 'interview.canceled']),
        enabled: 1,
        createdAt: new Date().toISOString(),
        deletedAt: null,
      })
      .execute();
  });
  afterAll(() => admin.app.close());

  describe('interviews', () => {
    it('schedules, reschedules and cancels: each change notifies Ada (interviews tab) and sends its webhook; the calendar follows', async () => {
      const created = await schedule(videoFor({ email: 'ada@acme.example' }));
      expect(created.statusCode, created.body).toBe(201);
      const interview = created.json<EmployerInterview>();
      expect(interview).toMatchObject({ candidateId: adaId, applicationId: 'application-ada-submitted', status: 'scheduled', sequence: 0, timeZone: 'America/New_York', kind: 'video' });
      expect(interview.positionName).toBeTruthy();
      expect(await lastNotification(adaId)).toMatchObject({ categoryTitle: 'Interview scheduled', redirectUrl: '/careers/dashboard?tab=interviews', messageKey: 'notifications.messages.interviewScheduled' });
      expect((await lastNotification(adaId)).message).toMatch(/ GMT-5\.$/);

      const read = await admin.call({ method: 'GET', url: `/interviews/${interview.id}` });
      expect(read.json()).toEqual(interview);
      const listed = await admin.call({ method: 'GET', url: `/interviews?candidate=${encodeURIComponent('ada@acme.example')}&status=scheduled` });
      expect(listed.json<{ items: EmployerInterview[] }>().items.map((item) => item.id)).toContain(interview.id);

      const moved = await admin.call({ method: 'POST', url: `/interviews/${interview.id}/reschedule`, payload: { startsAt: inDays(7, 15), timeZone: 'Europe/Berlin' } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<EmployerInterview>()).toMatchObject({ status: 'rescheduled', sequence: 1, timeZone: 'Europe/Berlin', durationMinutes: 60 });
      expect(await lastNotification(adaId)).toMatchObject({ categoryTitle: 'Interview rescheduled', redirectUrl: '/careers/dashboard?tab=interviews' });

      const { interviews } = servicesOn();
      const calendar = await interviews.interviewCalendar(admin.tenantId, adaId, interview.id);
      expect(calendar.text).toContain('SEQUENCE:1');
      expect(calendar.text).toContain(`UID:interview-${interview.id}@acme.example`);
      // 15:00 UTC in Berlin (CET/CEST): 16:00 or 17:00 local, written with its zone.
      expect(calendar.text).toMatch(/DTSTART;TZID=Europe\/Berlin:\d{8}T1[67]0000/);
      expect(calendar.text).toContain('TZID:Europe/Berlin');

      const canceled = await admin.call({ method: 'POST', url: `/interviews/${interview.id}/cancel` });
      expect(canceled.json<EmployerInterview>()).toMatchObject({ status: 'canceled', sequence: 2 });
      expect(await lastNotification(adaId)).toMatchObject({ categoryTitle: 'Interview canceled' });
      const cancellation = await interviews.interviewCalendar(admin.tenantId, adaId, interview.id);
      expect(cancellation.text).toContain('METHOD:CANCEL');
      expect(cancellation.text).toContain('STATUS:CANCELLED');
      expect(cancellation.text).toContain('SEQUENCE:2');
      expect(cancellation.uid).toBe(calendar.uid);

      const sent = (await deliveries()).filter((row) => JSON.parse(row.payload).data.interview_id === interview.id);
      expect(sent.map((row) => row.eventType)).toEqual(['interview.scheduled', 'interview.rescheduled', 'interview.canceled']);
      expect(JSON.parse(sent[1]?.payload ?? '{}').data).toMatchObject({ status: 'rescheduled', sequence: 1, time_zone: 'Europe/Berlin' });

      // Canceling again changes nothing and tells nobody; a canceled interview cannot be moved.
      const notes = await count('notifications');
      expect((await admin.call({ method: 'POST', url: `/interviews/${interview.id}/cancel` })).statusCode).toBe(200);
      expect((await admin.call({ method: 'POST', url: `/interviews/${interview.id}/reschedule`, payload: { startsAt: inDays(9) } })).statusCode).toBe(409);
      expect(await count('notifications')).toBe(notes);
    });

    it('refuses bad input with 400 and field errors, writing nothing', async () => {
      const [interviews, notes] = [await count('interviews'), await count('notifications')];
      const cases: [Record<string, unknown>, string][] = [
        [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
        [{ startsAt: new Date(Date.now() - DAY_MS).toISOString() }, 'startsAt'],
        [{ meetingUrl: null }, 'meetingUrl'],
        [{ kind: 'onsite', location: null }, 'location'],
        [{ durationMinutes: 2 }, 'durationMinutes'],
        [{ notes: 'a\u0000b' }, 'notes'],
      ];
      for (const [change, field] of cases) {
        const refused = await schedule({ ...videoFor({ id: adaId }), ...change });
        expect(refused.statusCode, `${field}: ${refused.body}`).toBe(400);
        expect(JSON.stringify(refused.json()), field).toContain(field);
      }
      // Grace's application for an interview with Ada: 404, like any id Ada does not own.
      expect((await schedule({ ...videoFor({ id: adaId }), applicationId: 'application-grace-screening' })).statusCode).toBe(404);
      expect(await count('interviews')).toBe(interviews);
      expect(await count('notifications')).toBe(notes);
    });

    it('answers 404 to another tenant’s key for every interview call and changes nothing (T01/T02)', async () => {
      const mine = (await schedule(videoFor({ id: adaId }))).json<EmployerInterview>();
      const [notes, sent] = [await count('notifications'), await count('webhookDeliveries')];
      const other = admin.otherKey;
      expect((await schedule(videoFor({ id: adaId }), other)).statusCode).toBe(404);
      expect((await schedule(videoFor({ email: 'ada@acme.example' }), other)).statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: `/interviews/${mine.id}`, key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'POST', url: `/interviews/${mine.id}/reschedule`, payload: { startsAt: inDays(8) }, key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'POST', url: `/interviews/${mine.id}/cancel`, key: other })).statusCode).toBe(404);
      const foreignList = await admin.call({ method: 'GET', url: '/interviews', key: other });
      expect(foreignList.json<{ items: unknown[] }>().items).toEqual([]);
      expect((await admin.call({ method: 'GET', url: `/interviews?candidate=${adaId}`, key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: `/interviews/${mine.id}` })).json()).toEqual(mine);
      expect([await count('notifications'), await count('webhookDeliveries')]).toEqual([notes, sent]);
    });

    it('writes no interview, notification or webhook when the transaction fails after them', async () => {
      const { db: database, dialect } = context().database;
      const failing = createInterviewsService({
        repository: createInterviewsRepository(database, dialect),
        transaction: (work) =>
          database.transaction().execute(async (trx) => {
            await work(createInterviewsRepository(trx, dialect));
            throw new Error('the interview failed after its notification was written');
          }),
        clock: { now: () => new Date() },
      });
      const before = [await count('interviews'), await count('notifications'), await count('webhookDeliveries')];
      const input = { ...videoFor({ id: graceId }), applicationId: null, positionId: null, location: null, kind: 'video' as const };
      await expect(failing.schedule(admin.tenantId, input)).rejects.toThrow('the interview failed');
      expect([await count('interviews'), await count('notifications'), await count('webhookDeliveries')]).toEqual(before);
    });

    it('pages the list with a cursor and refuses a forged one', async () => {
      const first = await admin.call({ method: 'GET', url: '/interviews?limit=2' });
      const page = first.json<{ items: EmployerInterview[]; nextCursor: string | null }>();
      expect(page.items).toHaveLength(2);
      expect(page.nextCursor).not.toBeNull();
      const second = (await admin.call({ method: 'GET', url: `/interviews?limit=2&cursor=${page.nextCursor}` })).json<{ items: EmployerInterview[] }>();
      expect((second.items[0]?.startsAt ?? '') >= (page.items[1]?.startsAt ?? '')).toBe(true);
      expect(second.items.map((item) => item.id)).not.toContain(page.items[0]?.id);
      expect((await admin.call({ method: 'GET', url: '/interviews?cursor=bm90LWEtY3Vyc29y' })).statusCode).toBe(400);
    });
  });

  describe('events', () => {
    it('creates, updates and lists an event, registers candidates up to its capacity and lists them', async () => {
      const created = await admin.call({
        method: 'POST',
        url: '/events',
        payload: { title: 'Lab tour', startsAt: inDays(4, 17), endsAt: inDays(4, 19), timeZone: 'Europe/London', location: 'London', capacity: 1 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const event = created.json<{ id: string; registered: number; capacity: number; description: string }>();
      expect(event).toMatchObject({ registered: 0, capacity: 1, description: '' });

      const notes = await count('notifications');
      const registered = await admin.call({ method: 'POST', url: `/events/${event.id}/registrations`, payload: { candidate: { email: 'ada@acme.example' } } });
      expect(registered.statusCode, registered.body).toBe(200);
      expect(registered.json()).toMatchObject({ candidateId: adaId, status: 'registered', email: 'ada@acme.example', name: 'Ada Lovelace' });
      expect(await lastNotification(adaId)).toMatchObject({ categoryTitle: 'Event', redirectUrl: '/careers/dashboard?tab=events' });
      // Again: nothing changes, nobody is told twice.
      expect((await admin.call({ method: 'POST', url: `/events/${event.id}/registrations`, payload: { candidate: { id: adaId } } })).statusCode).toBe(200);
      expect(await count('notifications')).toBe(notes + 1);

      const full = await admin.call({ method: 'POST', url: `/events/${event.id}/registrations`, payload: { candidate: { id: graceId } } });
      expect(full.statusCode).toBe(409);
      expect(full.json<{ error: { message: string } }>().error.message).toBe('The event is full');
      expect((await admin.call({ method: 'PATCH', url: `/events/${event.id}`, payload: { capacity: 2, title: 'Lab tour and lunch' } })).json()).toMatchObject({ capacity: 2, title: 'Lab tour and lunch', registered: 1 });
      expect((await admin.call({ method: 'POST', url: `/events/${event.id}/registrations`, payload: { candidate: { id: graceId } } })).statusCode).toBe(200);
      expect((await admin.call({ method: 'PATCH', url: `/events/${event.id}`, payload: { capacity: 1 } })).statusCode).toBe(400);
      expect((await admin.call({ method: 'POST', url: `/events/${event.id}/registrations`, payload: { candidate: { id: adaId }, status: 'attended' } })).json()).toMatchObject({ status: 'attended' });

      const list = (await admin.call({ method: 'GET', url: `/events/${event.id}/registrations` })).json<{ items: { candidateId: string; status: string }[] }>();
      expect(list.items.map((item) => [item.candidateId, item.status])).toEqual([
        [adaId, 'attended'],
        [graceId, 'registered'],
      ]);
      // The seed's events lie around the tests' reference date (past by now): only the new one is upcoming.
      const upcoming = (await admin.call({ method: 'GET', url: '/events?upcoming=true' })).json<{ items: { id: string }[] }>();
      expect(upcoming.items.map((item) => item.id)).toEqual([event.id]);
      const all = (await admin.call({ method: 'GET', url: '/events' })).json<{ items: { id: string }[] }>();
      expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([event.id, 'event-acme-open-house']));
      expect(all.items.map((item) => item.id)).not.toContain('event-globex-meetup');
      expect((await admin.call({ method: 'POST', url: '/events', payload: { title: 'Backwards', startsAt: inDays(4, 19), endsAt: inDays(4, 17), timeZone: 'Europe/London' } })).statusCode).toBe(400);
    });

    it('answers 404 to another tenant’s key and to another tenant’s candidate (T01/T02)', async () => {
      const registrations = await count('eventRegistrations');
      const other = admin.otherKey;
      expect((await admin.call({ method: 'GET', url: '/events/event-acme-open-house', key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'PATCH', url: '/events/event-acme-open-house', payload: { title: 'Mine now' }, key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: '/events/event-acme-open-house/registrations', key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'POST', url: '/events/event-acme-open-house/registrations', payload: { candidate: { id: adaId } }, key: other })).statusCode).toBe(404);
      // Globex's own event, with Acme's candidate: 404 too.
      expect((await admin.call({ method: 'POST', url: '/events/event-globex-meetup/registrations', payload: { candidate: { id: adaId } }, key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: '/events/event-acme-open-house' })).json()).toMatchObject({ title: 'Robotics open house' });
      expect(await count('eventRegistrations')).toBe(registrations);
    });
  });

  describe('referrals', () => {
    it('records a referral (linked to the account the email has), lists, reads and updates it; Ada’s dashboard data includes it', async () => {
      const created = await admin.call({
        method: 'POST',
        url: '/referrals',
        payload: { referredEmail: 'Grace@Acme.example', referredName: 'Grace Hopper', referrerName: 'Ada Lovelace', referrerEmail: 'ada@acme.example' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const referral = created.json<{ id: string; candidateId: string | null; status: string; referredEmail: string }>();
      expect(referral).toMatchObject({ candidateId: graceId, status: 'referred', referredEmail: 'grace@acme.example' });
      const updated = await admin.call({ method: 'POST', url: `/referrals/${referral.id}/status`, payload: { status: 'interviewing' } });
      expect(updated.json()).toMatchObject({ status: 'interviewing' });
      expect((await admin.call({ method: 'GET', url: `/referrals/${referral.id}` })).json()).toMatchObject({ status: 'interviewing' });
      const list = (await admin.call({ method: 'GET', url: '/referrals?status=interviewing' })).json<{ items: { id: string }[] }>();
      expect(list.items.map((item) => item.id)).toEqual(expect.arrayContaining([referral.id, 'referral-ada']));
      expect((await admin.call({ method: 'POST', url: `/referrals/${referral.id}/status`, payload: { status: 'promoted' } })).statusCode).toBe(400);
      expect((await admin.call({ method: 'POST', url: '/referrals', payload: { referredEmail: 'x@example.org', referrerName: 'A', referrerEmail: 'a@example.org', positionId: 999_999 } })).statusCode).toBe(404);
    });

    it('answers 404 to another tenant’s key and changes nothing (T01/T02)', async () => {
      const other = admin.otherKey;
      expect((await admin.call({ method: 'GET', url: '/referrals/referral-ada', key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'POST', url: '/referrals/referral-ada/status', payload: { status: 'hired' }, key: other })).statusCode).toBe(404);
      expect((await admin.call({ method: 'GET', url: '/referrals', key: other })).json<{ items: unknown[] }>().items).toEqual([]);
      expect((await admin.call({ method: 'GET', url: '/referrals/referral-ada' })).json()).toMatchObject({ status: 'interviewing' });
    });
  });

  it('documents every new route and its schemas in the OpenAPI document', async () => {
    const doc = (await admin.call({ method: 'GET', url: '/openapi.json', key: null })).json<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } }>();
    const methods = (path: string) => Object.keys(doc.paths[`/api/admin/v1${path}`] ?? {}).sort();
    expect(methods('/interviews')).toEqual(['get', 'post']);
    expect(methods('/interviews/{id}')).toEqual(['get']);
    expect(methods('/interviews/{id}/reschedule')).toEqual(['post']);
    expect(methods('/interviews/{id}/cancel')).toEqual(['post']);
    expect(methods('/events')).toEqual(['get', 'post']);
    expect(methods('/events/{id}')).toEqual(['get', 'patch']);
    expect(methods('/events/{id}/registrations')).toEqual(['get', 'post']);
    expect(methods('/referrals')).toEqual(['get', 'post']);
    expect(methods('/referrals/{id}')).toEqual(['get']);
    expect(methods('/referrals/{id}/status')).toEqual(['post']);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Interview', 'InterviewPage', 'Event', 'EventRegistration', 'Referral', 'ReferralPage']));
  });

  function servicesOn() {
    const { db: database, dialect } = context().database;
    return {
      interviews: createInterviewsService({
        repository: createInterviewsRepository(database, dialect),
        transaction: (work) => database.transaction().execute((trx) => work(createInterviewsRepository(trx, dialect))),
        clock: { now: () => new Date() },
      }),
    };
  }
});
