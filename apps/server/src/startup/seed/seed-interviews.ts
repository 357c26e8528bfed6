import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { Tenant } from '../../modules/tenants/tenants.service';

/**
 * The dashboard's interviews, events and referrals (issue 10): Ada has an upcoming video interview, a past onsite
 * one and a rescheduled phone one; she is registered for one Acme event and two more are open; she was referred
 * for the job she is interviewing for; Grace has one interview of her own, and Globex has an event (T01 tests).
 * Deterministic: fixed ids, times relative to the reference date, no random draws.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export async function seedInterviews(db: Kysely<DatabaseSchema>, tenants: readonly Tenant[], referenceDate: Date): Promise<number> {
  const at = (days: number, hours = 0) => new Date(referenceDate.getTime() + days * DAY_MS + hours * HOUR_MS).toISOString();
  const acme = tenants.find((tenant) => tenant.isDefault);
  const globex = tenants.find((tenant) => !tenant.isDefault);
  if (!acme) return 0;
  const candidates = await db.selectFrom('candidates').select(['id', 'email']).where('tenantId', '=', acme.id).execute();
  const ada = candidates.find((candidate) => candidate.email === 'ada@acme.example')?.id;
  const grace = candidates.find((candidate) => candidate.email === 'grace@acme.example')?.id;
  if (!ada) return 0;
  const applications = await db.selectFrom('applications').select(['id', 'positionId', 'positionName']).where('tenantId', '=', acme.id).execute();
  const application = (key: string) => applications.find((row) => row.id === `application-${key}`) ?? null;

  const interviews = [
    { id: 'interview-ada-video', candidateId: ada, app: application('ada-interview'), startsAt: at(3, 14), duration: 45, zone: 'Europe/London', kind: 'video' as const, location: null, url: 'https://meet.acme.example/ada-robotics', interviewers: ['Charles Babbage', 'Mary Somerville'], status: 'scheduled' as const, sequence: 0, notes: 'A technical conversation about control systems. Please have a notebook ready.', created: -2 },
    { id: 'interview-ada-onsite', candidateId: ada, app: application('ada-rejected'), startsAt: at(-24, 15), duration: 90, zone: 'America/New_York', kind: 'onsite' as const, location: 'Acme Robotics, 200 Berkeley Street, Boston, MA', url: null, interviewers: ['Grace Chisholm Young'], status: 'scheduled' as const, sequence: 0, notes: 'Ask for Grace at the front desk.', created: -28 },
    { id: 'interview-ada-rescheduled', candidateId: ada, app: application('ada-submitted'), startsAt: at(8, 7), duration: 30, zone: 'Asia/Tokyo', kind: 'phone' as const, location: '+81 3 1234 5678', url: null, interviewers: ['Hisashi Kobayashi'], status: 'rescheduled' as const, sequence: 1, notes: 'We will call you at the number on your profile.', created: -1 },
    ...(grace ? [{ id: 'interview-grace-phone', candidateId: grace, app: application('grace-screening'), startsAt: at(5, 16), duration: 30, zone: 'America/Los_Angeles', kind: 'phone' as const, location: '+1 415 555 0100', url: null, interviewers: ['Charles Babbage'], status: 'scheduled' as const, sequence: 0, notes: null, created: -1 }] : []),
  ];
  await db
    .insertInto('interviews')
    .values(interviews.map((interview) => ({
      id: interview.id,
      tenantId: acme.id,
      candidateId: interview.candidateId,
      applicationId: interview.app?.id ?? null,
      positionId: interview.app?.positionId ?? null,
      positionName: interview.app?.positionName ?? null,
      startsAt: interview.startsAt,
      durationMinutes: interview.duration,
      timeZone: interview.zone,
      kind: interview.kind,
      location: interview.location,
      meetingUrl: interview.url,
      interviewers: JSON.stringify(interview.interviewers),
      status: interview.status,
      notes: interview.notes,
      sequence: interview.sequence,
      createdAt: at(interview.created),
      updatedAt: at(interview.status === 'rescheduled' ? 0 : interview.created),
      canceledAt: null,
    })))
    .execute();

  const events = [
    { id: 'event-acme-open-house', tenantId: acme.id, title: 'Robotics open house', description: 'Meet the robotics team, see the lab and ask anything about working at Acme.', startsAt: at(10, 17), hours: 3, zone: 'Europe/London', location: 'Acme Robotics, 1 Canada Square, London', url: null, capacity: 40 },
    { id: 'event-acme-women-in-engineering', tenantId: acme.id, title: 'Women in engineering: an evening with our team', description: 'Talks and an open Q&A with engineers from across Acme.', startsAt: at(15, 18), hours: 2, zone: 'Europe/London', location: null, url: 'https://events.acme.example/women-in-engineering', capacity: null },
    { id: 'event-acme-campus-day', tenantId: acme.id, title: 'Campus hiring day', description: 'Graduate and intern roles: short interviews on the day.', startsAt: at(21, 9), hours: 7, zone: 'Europe/London', location: 'University of Manchester, Oxford Road, Manchester', url: null, capacity: 100 },
    ...(globex ? [{ id: 'event-globex-meetup', tenantId: globex.id, title: 'Globex engineering meetup', description: 'Lightning talks from Globex engineers.', startsAt: at(12, 18), hours: 2, zone: 'America/Chicago', location: 'Globex HQ, Chicago', url: null, capacity: 60 }] : []),
  ];
  await db
    .insertInto('events')
    .values(events.map(({ hours, zone, startsAt, ...event }) => ({ ...event, startsAt, endsAt: new Date(Date.parse(startsAt) + hours * HOUR_MS).toISOString(), timeZone: zone, createdAt: at(-14), updatedAt: at(-14) })))
    .execute();
  await db.insertInto('eventRegistrations').values({ eventId: 'event-acme-open-house', tenantId: acme.id, candidateId: ada, status: 'registered', createdAt: at(-3), updatedAt: at(-3) }).execute();

  const referred = application('ada-interview');
  await db
    .insertInto('referrals')
    .values([
      { id: 'referral-ada', tenantId: acme.id, candidateId: ada, referredEmail: 'ada@acme.example', referredName: 'Ada Lovelace', referrerName: 'Charles Babbage', referrerEmail: 'charles.babbage@acme.example', positionId: referred?.positionId ?? null, positionName: referred?.positionName ?? null, status: 'interviewing', createdAt: at(-13), updatedAt: at(-2) },
      { id: 'referral-somerville', tenantId: acme.id, candidateId: null, referredEmail: 'mary.somerville@example.org', referredName: 'Mary Somerville', referrerName: 'Charles Babbage', referrerEmail: 'charles.babbage@acme.example', positionId: null, positionName: null, status: 'referred', createdAt: at(-4), updatedAt: at(-4) },
    ])
    .execute();
  return interviews.length;
}

/** Children first, for --reset (before applications and candidates, which they reference). */
export const INTERVIEW_TABLES = ['referrals', 'eventRegistrations', 'events', 'interviews'] as const;
