import { beforeAll, expect, it } from 'vitest';
import { seedForTests, TEST_REFERENCE_DATE } from '../../test/app';
import { forEachDatabase, type TestDatabase } from '../../test/databases';
import { candidateIdOf } from '../applications/applications.test-support';
import { createEventsRepository } from '../events/events.repository';
import { createEventsService } from '../events/events.service';
import { createReferralsRepository } from '../referrals/referrals.repository';
import { createReferralsService } from '../referrals/referrals.service';
import { ACME, tenantIdOf } from '../search/search.fixtures';
import { createInterviewsRepository } from './interviews.repository';
import { createInterviewsService } from './interviews.service';

/** The reads the candidate's dashboard makes (issue 10 data for the dashboard): the seed's rows, by tenant AND candidate. */
export function dashboardServices(context: TestDatabase, now = new Date(TEST_REFERENCE_DATE.getTime() + 9 * 3_600_000)) {
  const { db, dialect } = context.database;
  const clock = { now: () => now };
  return {
    interviews: createInterviewsService({ repository: createInterviewsRepository(db, dialect), transaction: (work) => db.transaction().execute((trx) => work(createInterviewsRepository(trx, dialect))), clock }),
    events: createEventsService({ repository: createEventsRepository(db, dialect), transaction: (work) => db.transaction().execute((trx) => work(createEventsRepository(trx, dialect))), clock }),
    referrals: createReferralsService({ repository: createReferralsRepository(db), clock }),
  };
}

forEachDatabase('the dashboard’s interviews, events and referrals (seeded; read by tenant and candidate)', (context) => {
  let acme: string;
  let globex: string;
  let ada: string;
  let grace: string;
  let hank: string;
  let services: ReturnType<typeof dashboardServices>;

  beforeAll(async () => {
    await seedForTests(context(), 10);
    acme = await tenantIdOf(context().database, ACME);
    globex = await tenantIdOf(context().database, 'globex.example');
    ada = await candidateIdOf(context().database, 'ada@acme.example');
    grace = await candidateIdOf(context().database, 'grace@acme.example');
    hank = await candidateIdOf(context().database, 'hank@globex.example');
    services = dashboardServices(context());
  });

  it('lists Ada’s interviews: two upcoming soonest first (one rescheduled), one past onsite; Grace sees only hers', async () => {
    const mine = await services.interviews.listForCandidate(acme, ada);
    expect(mine.upcoming.map((interview) => [interview.id, interview.kind, interview.status])).toEqual([
      ['interview-ada-video', 'video', 'scheduled'],
      ['interview-ada-rescheduled', 'phone', 'rescheduled'],
    ]);
    expect(mine.past.map((interview) => [interview.id, interview.kind])).toEqual([['interview-ada-onsite', 'onsite']]);
    const video = mine.upcoming[0];
    expect(video).toMatchObject({ time_zone: 'Europe/London', duration_minutes: 45, meeting_url: 'https://meet.acme.example/ada-robotics', interviewers: ['Charles Babbage', 'Mary Somerville'] });
    expect(Date.parse(video?.ends_at ?? '') - Date.parse(video?.starts_at ?? '')).toBe(45 * 60_000);
    expect(video?.position_name).toBeTruthy();

    const graces = await services.interviews.listForCandidate(acme, grace);
    expect([...graces.upcoming, ...graces.past].map((interview) => interview.id)).toEqual(['interview-grace-phone']);
    // Another tenant's candidate id under Acme, or Ada's id under Globex: nothing.
    expect(await services.interviews.listForCandidate(acme, hank)).toEqual({ upcoming: [], past: [] });
    expect(await services.interviews.listForCandidate(globex, ada)).toEqual({ upcoming: [], past: [] });
  });

  it('gives Ada her interview as a calendar file and answers 404 to anyone else (T01)', async () => {
    const file = await services.interviews.interviewCalendar(acme, ada, 'interview-ada-video');
    expect(file.text).toContain('BEGIN:VCALENDAR');
    expect(file.text).toContain('UID:interview-interview-ada-video@acme.example');
    expect(file.text).toMatch(/DTSTART;TZID=Europe\/London:\d{8}T\d{6}\r\n/);
    expect(file.fileName).toMatch(/^interview-\d{4}-\d{2}-\d{2}\.ics$/);
    await expect(services.interviews.interviewCalendar(acme, grace, 'interview-ada-video')).rejects.toMatchObject({ statusCode: 404 });
    await expect(services.interviews.interviewCalendar(globex, ada, 'interview-ada-video')).rejects.toMatchObject({ statusCode: 404 });
    await expect(services.interviews.interviewCalendar(globex, hank, 'interview-ada-video')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists the event Ada registered for and the two open Acme events (never Globex’s); Grace has none registered', async () => {
    const mine = await services.events.listForCandidate(acme, ada);
    expect(mine.registered.map((event) => [event.id, event.registration_status])).toEqual([['event-acme-open-house', 'registered']]);
    expect(mine.registered[0]?.seats_left).toBe(39);
    expect(mine.open.map((event) => event.id)).toEqual(['event-acme-women-in-engineering', 'event-acme-campus-day']);
    const graces = await services.events.listForCandidate(acme, grace);
    expect(graces.registered).toEqual([]);
    expect(graces.open.map((event) => event.id)).toEqual(['event-acme-open-house', 'event-acme-women-in-engineering', 'event-acme-campus-day']);
    expect((await services.events.listForCandidate(globex, hank)).open.map((event) => event.id)).toEqual(['event-globex-meetup']);
  });

  it('lists Ada’s referral by its referrer’s name (never the referrer’s email); Grace and Globex see none', async () => {
    const mine = await services.referrals.listForCandidate(acme, ada);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: 'referral-ada', referrer_name: 'Charles Babbage', status: 'interviewing' });
    expect(JSON.stringify(mine)).not.toContain('charles.babbage@acme.example');
    expect(await services.referrals.listForCandidate(acme, grace)).toEqual([]);
    expect(await services.referrals.listForCandidate(globex, ada)).toEqual([]);
  });
});
