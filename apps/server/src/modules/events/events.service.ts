import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { CandidateRef } from '../auth/candidate-ref';
import { isKnownTimeZone } from '../interviews/interview-calendar';
import { eventRegisteredNotification } from '../notifications/notification-messages';
import type { EventRecord, EventsRepository, RegistrationRecord, RegistrationStatus } from './events.repository';

/**
 * Recruiting events (issue 10 "events (create, register candidates)"): the company creates and updates them
 * and registers candidates (capacity enforced under a lock on the event); the candidate's dashboard lists the
 * events they are registered for and the open ones they could join. By tenant; by candidate for the candidate.
 */

/** What the company says about an event. */
export type EventDetails = Pick<EventRecord, 'title' | 'description' | 'startsAt' | 'endsAt' | 'timeZone' | 'location' | 'url' | 'capacity'>;

export interface EmployerEvent extends EventDetails {
  id: string;
  registered: number;
  createdAt: string;
  updatedAt: string;
}

export interface EmployerRegistration {
  eventId: string;
  candidateId: string;
  email: string;
  name: string;
  status: RegistrationStatus;
  createdAt: string;
  updatedAt: string;
}

/** The candidate's view (snake_case, like /api/pcsx). */
export interface CandidateEvent {
  id: string;
  title: string;
  description: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  location: string | null;
  url: string | null;
  capacity: number | null;
  seats_left: number | null;
  /** The candidate's registration, null when not registered. */
  registration_status: RegistrationStatus | null;
}

export interface CandidateEvents {
  /** Events the candidate registered for (any status), soonest first. */
  registered: CandidateEvent[];
  /** Events not yet over, with seats left, the candidate has not registered for. */
  open: CandidateEvent[];
}

export interface EventsService {
  create(tenantId: string, input: EventDetails): Promise<EmployerEvent>;
  update(tenantId: string, id: string, change: Partial<EventDetails>): Promise<EmployerEvent>;
  get(tenantId: string, id: string): Promise<EmployerEvent>;
  list(tenantId: string, filters: { upcomingOnly: boolean; limit: number; after?: { startsAt: string; id: string } }): Promise<EmployerEvent[]>;
  /** Registers a candidate (or changes their registration's status: attended, canceled). */
  register(tenantId: string, eventId: string, candidate: CandidateRef, status?: RegistrationStatus): Promise<EmployerRegistration>;
  registrations(tenantId: string, eventId: string): Promise<EmployerRegistration[]>;
  listForCandidate(tenantId: string, candidateId: string): Promise<CandidateEvents>;
}

export const EVENT_NOT_FOUND = 'Event not found';
const OPEN_EVENTS_SHOWN = 20;

export const presentEmployerEvent = (record: EventRecord): EmployerEvent => ({
  id: record.id,
  title: record.title,
  description: record.description,
  startsAt: record.startsAt,
  endsAt: record.endsAt,
  timeZone: record.timeZone,
  location: record.location,
  url: record.url,
  capacity: record.capacity,
  registered: record.registered,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const presentRegistration = (record: RegistrationRecord): EmployerRegistration => ({
  eventId: record.eventId,
  candidateId: record.candidateId,
  email: record.email,
  name: `${record.firstName} ${record.lastName}`.trim(),
  status: record.status,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
});

const seatsLeft = (record: EventRecord): number | null => (record.capacity === null ? null : Math.max(0, record.capacity - record.registered));

const presentCandidateEvent = (record: EventRecord, status: RegistrationStatus | null): CandidateEvent => ({
  id: record.id,
  title: record.title,
  description: record.description,
  starts_at: record.startsAt,
  ends_at: record.endsAt,
  time_zone: record.timeZone,
  location: record.location,
  url: record.url,
  capacity: record.capacity,
  seats_left: seatsLeft(record),
  registration_status: status,
});

function checkEvent(event: EventDetails): void {
  const fields: Record<string, string> = {};
  if (!isKnownTimeZone(event.timeZone)) fields.timeZone = 'Unknown time zone (use an IANA name such as Europe/London)';
  const start = Date.parse(event.startsAt);
  const end = Date.parse(event.endsAt);
  if (!Number.isFinite(start)) fields.startsAt = 'Not a date and time';
  if (!Number.isFinite(end)) fields.endsAt = 'Not a date and time';
  else if (Number.isFinite(start) && end <= start) fields.endsAt = 'The event must end after it starts';
  if (event.capacity !== null && (!Number.isInteger(event.capacity) || event.capacity < 1)) fields.capacity = 'At least 1, or null for no limit';
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

export function createEventsService(deps: {
  repository: EventsRepository;
  transaction: <T>(work: (repository: EventsRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
}): EventsService {
  const { repository, clock } = deps;

  return {
    async create(tenantId, input) {
      checkEvent(input);
      const at = clock.now().toISOString();
      const id = randomUUID();
      const row = { ...input, id, tenantId, startsAt: new Date(input.startsAt).toISOString(), endsAt: new Date(input.endsAt).toISOString(), createdAt: at, updatedAt: at };
      await repository.insert(row);
      return presentEmployerEvent({ ...row, registered: 0 });
    },

    update(tenantId, id, change) {
      return deps.transaction(async (trx) => {
        const current = await trx.lock(tenantId, id);
        if (!current) throw new NotFoundError(EVENT_NOT_FOUND);
        const next = { ...presentEmployerEvent(current), ...change };
        checkEvent(next);
        if (next.capacity !== null && next.capacity < current.registered) {
          throw new ValidationError({ capacity: `${current.registered} candidates are registered already` });
        }
        const updatedAt = clock.now().toISOString();
        await trx.update(tenantId, id, {
          title: next.title,
          description: next.description,
          startsAt: new Date(next.startsAt).toISOString(),
          endsAt: new Date(next.endsAt).toISOString(),
          timeZone: next.timeZone,
          location: next.location,
          url: next.url,
          capacity: next.capacity,
          updatedAt,
        });
        const stored = await trx.find(tenantId, id);
        if (!stored) throw new NotFoundError(EVENT_NOT_FOUND);
        return presentEmployerEvent(stored);
      });
    },

    async get(tenantId, id) {
      const record = await repository.find(tenantId, id);
      if (!record) throw new NotFoundError(EVENT_NOT_FOUND);
      return presentEmployerEvent(record);
    },

    async list(tenantId, filters) {
      const rows = await repository.list(tenantId, { endingAfter: filters.upcomingOnly ? clock.now().toISOString() : undefined, limit: filters.limit, after: filters.after });
      return rows.map(presentEmployerEvent);
    },

    register(tenantId, eventId, ref, status = 'registered') {
      return deps.transaction(async (trx) => {
        const event = await trx.lock(tenantId, eventId);
        if (!event) throw new NotFoundError(EVENT_NOT_FOUND);
        const candidate = await trx.findCandidate(tenantId, ref);
        if (!candidate) throw new NotFoundError('Candidate not found');
        const existing = await trx.registration(tenantId, eventId, candidate.id);
        const holdsSeat = existing !== null && existing.status !== 'canceled';
        const now = clock.now();
        if (status === 'registered' && !holdsSeat) {
          if (Date.parse(event.endsAt) <= now.getTime()) throw new ConflictError('The event is over');
          if (event.capacity !== null && event.registered >= event.capacity) throw new ConflictError('The event is full');
        }
        const at = now.toISOString();
        await trx.upsertRegistration({ eventId, tenantId, candidateId: candidate.id, status, createdAt: existing?.createdAt ?? at, updatedAt: at });
        // Told once, when a seat is newly taken (not when attendance is recorded).
        if (status === 'registered' && !holdsSeat) {
          await trx.notify(eventRegisteredNotification({ tenantId, candidateId: candidate.id, at: now }, event));
        }
        const rows = await trx.registrations(tenantId, eventId);
        const mine = rows.find((row) => row.candidateId === candidate.id);
        if (!mine) throw new NotFoundError(EVENT_NOT_FOUND);
        return presentRegistration(mine);
      });
    },

    async registrations(tenantId, eventId) {
      if (!(await repository.find(tenantId, eventId))) throw new NotFoundError(EVENT_NOT_FOUND);
      return (await repository.registrations(tenantId, eventId)).map(presentRegistration);
    },

    async listForCandidate(tenantId, candidateId) {
      const mine = await repository.registrationsOf(tenantId, candidateId);
      const upcoming = await repository.list(tenantId, { endingAfter: clock.now().toISOString(), limit: OPEN_EVENTS_SHOWN + mine.length });
      const taken = new Set(mine.map((event) => event.id));
      return {
        registered: mine.map((event) => presentCandidateEvent(event, event.registrationStatus)),
        open: upcoming
          .filter((event) => !taken.has(event.id) && (event.capacity === null || event.registered < event.capacity))
          .slice(0, OPEN_EVENTS_SHOWN)
          .map((event) => presentCandidateEvent(event, null)),
      };
    },
  };
}
