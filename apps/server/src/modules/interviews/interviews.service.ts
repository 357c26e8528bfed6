import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { CandidateRef } from '../auth/candidate-ref';
import { interviewNotification } from '../notifications/notification-messages';
import { interviewCalendarText, interviewUid, isKnownTimeZone } from './interview-calendar';
import type { InterviewFilters, InterviewRecord, InterviewsRepository } from './interviews.repository';

/**
 * Interviews (issue 10 "Candidates' progress: interviews (schedule, reschedule, cancel, with time zone)").
 * The employer API and the command line schedule, move and cancel them; each change notifies the candidate and
 * announces interview.scheduled / rescheduled / canceled to the tenant's webhooks in the change's own
 * transaction. The candidate's dashboard reads them (upcoming and past) and downloads each as a calendar file —
 * always by tenant AND candidate: another candidate's interview is 404.
 */

export type InterviewKind = InterviewRecord['kind'];
export type InterviewStatus = InterviewRecord['status'];

export interface InterviewDetails {
  /** ISO instant (any offset; stored in UTC). */
  startsAt: string;
  durationMinutes: number;
  /** IANA zone the interview is arranged in, e.g. "Europe/London". */
  timeZone: string;
  kind: InterviewKind;
  location: string | null;
  meetingUrl: string | null;
  interviewers: string[];
  /** Shown to the candidate. */
  notes: string | null;
}

export interface NewInterview extends InterviewDetails {
  candidate: CandidateRef;
  applicationId: string | null;
  positionId: number | null;
}

/** A reschedule: a new time, and whatever else changes with it. */
export type InterviewChange = Pick<InterviewDetails, 'startsAt'> & Partial<Omit<InterviewDetails, 'startsAt'>>;

/** The employer's view. */
export interface EmployerInterview {
  id: string;
  candidateId: string;
  applicationId: string | null;
  positionId: number | null;
  positionName: string | null;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  timeZone: string;
  kind: InterviewKind;
  location: string | null;
  meetingUrl: string | null;
  interviewers: string[];
  status: InterviewStatus;
  notes: string | null;
  sequence: number;
  createdAt: string;
  updatedAt: string;
  canceledAt: string | null;
}

/** The candidate's view (spec §7's snake_case, like the rest of /api/pcsx). */
export interface CandidateInterview {
  id: string;
  application_id: string | null;
  position_id: number | null;
  position_name: string | null;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  time_zone: string;
  kind: InterviewKind;
  location: string | null;
  meeting_url: string | null;
  interviewers: string[];
  status: InterviewStatus;
  notes: string | null;
  updated_at: string;
}

export interface CandidateInterviews {
  /** Not yet over, soonest first (canceled ones included, marked so). */
  upcoming: CandidateInterview[];
  /** Over, most recent first. */
  past: CandidateInterview[];
}

export interface InterviewCalendarFile {
  fileName: string;
  /** text/calendar; charset=utf-8 */
  text: string;
  uid: string;
}

export interface InterviewsService {
  schedule(tenantId: string, input: NewInterview): Promise<EmployerInterview>;
  reschedule(tenantId: string, id: string, change: InterviewChange): Promise<EmployerInterview>;
  cancel(tenantId: string, id: string): Promise<EmployerInterview>;
  get(tenantId: string, id: string): Promise<EmployerInterview>;
  list(tenantId: string, filters: Omit<InterviewFilters, 'candidateId'> & { candidate?: CandidateRef }): Promise<EmployerInterview[]>;
  /** The candidate's own interviews. */
  listForCandidate(tenantId: string, candidateId: string): Promise<CandidateInterviews>;
  /** The candidate's own interview as an .ics file; another's is 404. */
  interviewCalendar(tenantId: string, candidateId: string, interviewId: string): Promise<InterviewCalendarFile>;
}

export const INTERVIEW_NOT_FOUND = 'Interview not found';
const CANDIDATE_NOT_FOUND = 'Candidate not found';
/** Far enough for any real plan; keeps dates inside what every calendar reads. */
const MAX_DAYS_AHEAD = 2 * 366;
const DAY_MS = 86_400_000;

const endOf = (record: Pick<InterviewRecord, 'startsAt' | 'durationMinutes'>) => new Date(Date.parse(record.startsAt) + record.durationMinutes * 60_000).toISOString();
const names = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === 'string') : [];
};

export const presentEmployerInterview = (record: InterviewRecord): EmployerInterview => ({
  id: record.id,
  candidateId: record.candidateId,
  applicationId: record.applicationId,
  positionId: record.positionId,
  positionName: record.positionName,
  startsAt: record.startsAt,
  endsAt: endOf(record),
  durationMinutes: record.durationMinutes,
  timeZone: record.timeZone,
  kind: record.kind,
  location: record.location,
  meetingUrl: record.meetingUrl,
  interviewers: names(record.interviewers),
  status: record.status,
  notes: record.notes,
  sequence: record.sequence,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  canceledAt: record.canceledAt,
});

const presentCandidateInterview = (record: InterviewRecord): CandidateInterview => ({
  id: record.id,
  application_id: record.applicationId,
  position_id: record.positionId,
  position_name: record.positionName,
  starts_at: record.startsAt,
  ends_at: endOf(record),
  duration_minutes: record.durationMinutes,
  time_zone: record.timeZone,
  kind: record.kind,
  location: record.location,
  meeting_url: record.meetingUrl,
  interviewers: names(record.interviewers),
  status: record.status,
  notes: record.notes,
  updated_at: record.updatedAt,
});

/** The rules the edge's schema cannot see: a known zone, a time ahead (within two years), a place to meet. */
function checkDetails(details: Partial<InterviewDetails>, now: Date): void {
  const fields: Record<string, string> = {};
  if (details.timeZone !== undefined && !isKnownTimeZone(details.timeZone)) fields.timeZone = 'Unknown time zone (use an IANA name such as Europe/London)';
  if (details.startsAt !== undefined) {
    const at = Date.parse(details.startsAt);
    if (!Number.isFinite(at)) fields.startsAt = 'Not a date and time';
    else if (at <= now.getTime()) fields.startsAt = 'The interview must start in the future';
    else if (at > now.getTime() + MAX_DAYS_AHEAD * DAY_MS) fields.startsAt = 'The interview must start within two years';
  }
  if (details.durationMinutes !== undefined && (!Number.isInteger(details.durationMinutes) || details.durationMinutes < 5 || details.durationMinutes > 8 * 60)) {
    fields.durationMinutes = 'Between 5 and 480 minutes';
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
}

function checkPlace(kind: InterviewKind, location: string | null, meetingUrl: string | null): void {
  if (kind === 'video' && !meetingUrl) throw new ValidationError({ meetingUrl: 'A video interview needs its meeting link' });
  if (kind === 'onsite' && !location) throw new ValidationError({ location: 'An onsite interview needs its address' });
}

const webhookData = (record: InterviewRecord) => ({
  interview_id: record.id,
  candidate_id: record.candidateId,
  application_id: record.applicationId,
  position_id: record.positionId,
  starts_at: record.startsAt,
  duration_minutes: record.durationMinutes,
  time_zone: record.timeZone,
  kind: record.kind,
  status: record.status,
  sequence: record.sequence,
});

export function createInterviewsService(deps: {
  repository: InterviewsRepository;
  transaction: <T>(work: (repository: InterviewsRepository) => Promise<T>) => Promise<T>;
  clock: Clock;
}): InterviewsService {
  const { repository, clock } = deps;

  /** Tells the candidate and the tenant's webhooks, in the change's transaction. */
  async function tell(trx: InterviewsRepository, record: InterviewRecord, change: 'scheduled' | 'rescheduled' | 'canceled', at: Date): Promise<void> {
    await trx.notify(interviewNotification({ tenantId: record.tenantId, candidateId: record.candidateId, at }, change, record));
    await trx.announce(record.tenantId, `interview.${change}`, webhookData(record), at);
  }

  return {
    async schedule(tenantId, input) {
      const now = clock.now();
      checkDetails(input, now);
      checkPlace(input.kind, input.location, input.meetingUrl);
      return deps.transaction(async (trx) => {
        const candidate = await trx.findCandidate(tenantId, input.candidate);
        if (!candidate) throw new NotFoundError(CANDIDATE_NOT_FOUND);
        let positionId = input.positionId;
        let positionName: string | null = null;
        if (input.applicationId !== null) {
          const application = await trx.findApplication(tenantId, input.applicationId);
          // Another candidate's application is no more visible than another tenant's.
          if (!application || application.candidateId !== candidate.id) throw new NotFoundError('Application not found');
          if (positionId !== null && positionId !== application.positionId) throw new ValidationError({ positionId: 'The application is for another position' });
          positionId = application.positionId;
          positionName = application.positionName;
        } else if (positionId !== null) {
          const position = await trx.findPosition(tenantId, positionId);
          if (!position) throw new NotFoundError('Position not found');
          positionName = position.title;
        }
        const at = now.toISOString();
        const record: InterviewRecord = {
          id: randomUUID(),
          tenantId,
          candidateId: candidate.id,
          applicationId: input.applicationId,
          positionId,
          positionName,
          startsAt: new Date(input.startsAt).toISOString(),
          durationMinutes: input.durationMinutes,
          timeZone: input.timeZone,
          kind: input.kind,
          location: input.location,
          meetingUrl: input.meetingUrl,
          interviewers: JSON.stringify(input.interviewers),
          status: 'scheduled',
          notes: input.notes,
          sequence: 0,
          createdAt: at,
          updatedAt: at,
          canceledAt: null,
        };
        await trx.insert(record);
        await tell(trx, record, 'scheduled', now);
        return presentEmployerInterview(record);
      });
    },

    async reschedule(tenantId, id, change) {
      const now = clock.now();
      checkDetails(change, now);
      return deps.transaction(async (trx) => {
        const current = await trx.lock(tenantId, id);
        if (!current) throw new NotFoundError(INTERVIEW_NOT_FOUND);
        if (current.status === 'canceled') throw new ConflictError('A canceled interview cannot be rescheduled; schedule a new one');
        const next: InterviewRecord = {
          ...current,
          startsAt: new Date(change.startsAt).toISOString(),
          durationMinutes: change.durationMinutes ?? current.durationMinutes,
          timeZone: change.timeZone ?? current.timeZone,
          kind: change.kind ?? current.kind,
          location: change.location === undefined ? current.location : change.location,
          meetingUrl: change.meetingUrl === undefined ? current.meetingUrl : change.meetingUrl,
          interviewers: change.interviewers === undefined ? current.interviewers : JSON.stringify(change.interviewers),
          notes: change.notes === undefined ? current.notes : change.notes,
          status: 'rescheduled',
          sequence: current.sequence + 1,
          updatedAt: now.toISOString(),
        };
        checkPlace(next.kind, next.location, next.meetingUrl);
        const { id: _id, tenantId: _tenant, candidateId: _candidate, createdAt: _created, ...columns } = next;
        await trx.update(tenantId, id, columns);
        await tell(trx, next, 'rescheduled', now);
        return presentEmployerInterview(next);
      });
    },

    async cancel(tenantId, id) {
      const now = clock.now();
      return deps.transaction(async (trx) => {
        const current = await trx.lock(tenantId, id);
        if (!current) throw new NotFoundError(INTERVIEW_NOT_FOUND);
        // Canceling twice changes nothing and tells nobody again.
        if (current.status === 'canceled') return presentEmployerInterview(current);
        const at = now.toISOString();
        const next: InterviewRecord = { ...current, status: 'canceled', sequence: current.sequence + 1, updatedAt: at, canceledAt: at };
        await trx.update(tenantId, id, { status: next.status, sequence: next.sequence, updatedAt: at, canceledAt: at });
        await tell(trx, next, 'canceled', now);
        return presentEmployerInterview(next);
      });
    },

    async get(tenantId, id) {
      const record = await repository.find(tenantId, id);
      if (!record) throw new NotFoundError(INTERVIEW_NOT_FOUND);
      return presentEmployerInterview(record);
    },

    async list(tenantId, { candidate: ref, ...filters }) {
      let candidateId: string | undefined;
      if (ref) {
        const candidate = await repository.findCandidate(tenantId, ref);
        if (!candidate) throw new NotFoundError(CANDIDATE_NOT_FOUND);
        candidateId = candidate.id;
      }
      return (await repository.list(tenantId, { ...filters, candidateId })).map(presentEmployerInterview);
    },

    async listForCandidate(tenantId, candidateId) {
      const now = clock.now().getTime();
      const records = await repository.listForCandidate(tenantId, candidateId);
      const views = records.map(presentCandidateInterview);
      return {
        upcoming: views.filter((view) => Date.parse(view.ends_at) > now),
        past: views.filter((view) => Date.parse(view.ends_at) <= now).reverse(),
      };
    },

    async interviewCalendar(tenantId, candidateId, interviewId) {
      const record = await repository.findForCandidate(tenantId, candidateId, interviewId);
      if (!record) throw new NotFoundError(INTERVIEW_NOT_FOUND);
      const tenant = await repository.tenantFacts(tenantId);
      if (!tenant) throw new NotFoundError(INTERVIEW_NOT_FOUND);
      const text = interviewCalendarText({ ...record, interviewers: names(record.interviewers) }, tenant);
      return { fileName: `interview-${record.startsAt.slice(0, 10)}.ics`, text, uid: interviewUid(record, tenant.domain) };
    },
  };
}
