import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { InterviewRecord } from './interviews.repository';

/**
 * An interview as a calendar file (RFC 5545, ical-generator): the start and end written as local times of the
 * interview's IANA time zone (DTSTART;TZID=Europe/London:20261201T093000) with that zone's VTIMEZONE, so a
 * calendar in any zone shows the right instant and follows the zone's daylight-saving rules. The UID is derived
 * from the interview's id, so every version of the file updates the same calendar entry; SEQUENCE is the
 * interview's sequence (bumped by each reschedule and by the cancel); a canceled interview is METHOD:CANCEL with
 * STATUS:CANCELLED, which removes the entry from the candidate's calendar.
 */

export type CalendarInterview = Pick<
  InterviewRecord,
  'id' | 'startsAt' | 'durationMinutes' | 'timeZone' | 'kind' | 'location' | 'meetingUrl' | 'status' | 'notes' | 'sequence' | 'positionName' | 'updatedAt' | 'createdAt'
> & { interviewers: readonly string[] };

export interface CalendarContext {
  companyName: string;
  /** The tenant's domain: the UID's right-hand side. */
  domain: string;
}

const KIND_LABEL: Record<CalendarInterview['kind'], string> = { video: 'Video interview', phone: 'Phone interview', onsite: 'Interview' };

/** Stable per interview (RFC 5545 §3.8.4.7: globally unique, never reused). */
export const interviewUid = (interview: { id: string }, domain: string): string => `interview-${interview.id}@${domain}`;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in an IANA zone (Intl; no tz database of our own). */
export function wallClock(instant: Date, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** The zone's offset from UTC at an instant, in minutes (Europe/Paris in July: 120). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const local = wallClock(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** True for a zone name Intl knows (IANA names and UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A Date that ical-generator formats as wall-clock time in a zone: it accepts @date-fns/tz's TZDate shape
 * (a Date with `internal`, `withTimeZone`, `tzComponents`) and reads the local getters of what `withTimeZone`
 * returns. The epoch value stays the real instant (DTSTAMP and end-after-start checks read it).
 */
class ZonedDate extends Date {
  readonly internal: Date;
  private readonly local: WallClock;

  constructor(instant: Date, readonly zone: string) {
    super(instant.getTime());
    this.internal = new Date(instant.getTime());
    this.local = wallClock(instant, zone);
  }

  withTimeZone(zone: string): ZonedDate {
    return new ZonedDate(this.internal, zone);
  }

  tzComponents(): WallClock {
    return this.local;
  }

  override getFullYear(): number {
    return this.local.year;
  }
  override getMonth(): number {
    return this.local.month - 1;
  }
  override getDate(): number {
    return this.local.day;
  }
  override getHours(): number {
    return this.local.hour;
  }
  override getMinutes(): number {
    return this.local.minute;
  }
  override getSeconds(): number {
    return this.local.second;
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const icsLocal = (clock: WallClock) => `${pad(clock.year, 4)}${pad(clock.month)}${pad(clock.day)}T${pad(clock.hour)}${pad(clock.minute)}${pad(clock.second)}`;
const icsOffset = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The instants in [from, to) at which the zone's offset changes, found by day steps and bisection to the minute. */
function transitions(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const found: { at: number; before: number; after: number }[] = [];
  const DAY = 86_400_000;
  let previous = offsetMinutes(new Date(from), timeZone);
  for (let day = from + DAY; day <= to; day += DAY) {
    const current = offsetMinutes(new Date(day), timeZone);
    if (current === previous) continue;
    let low = day - DAY;
    let high = day;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(new Date(middle), timeZone) === previous) low = middle;
      else high = middle;
    }
    found.push({ at: high, before: previous, after: current });
    previous = current;
  }
  return found;
}

/**
 * The VTIMEZONE of a zone around an instant (RFC 5545 §3.6.5): its offset changes from a year before to a year
 * after, each as its own STANDARD/DAYLIGHT part (the larger offset of a pair is daylight time); a zone without
 * changes gets one STANDARD part.
 */
export function vtimezone(timeZone: string, around: Date): string {
  const YEAR = 366 * 86_400_000;
  const changes = transitions(timeZone, around.getTime() - YEAR, around.getTime() + YEAR);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = icsOffset(offsetMinutes(around, timeZone));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  }
  for (const change of changes) {
    const part = change.after > change.before ? 'DAYLIGHT' : 'STANDARD';
    // DTSTART is the local time at the change, read in the offset before it (RFC 5545 §3.6.5).
    const start = new Date(change.at + change.before * 60_000);
    const dtstart = icsLocal({ year: start.getUTCFullYear(), month: start.getUTCMonth() + 1, day: start.getUTCDate(), hour: start.getUTCHours(), minute: start.getUTCMinutes(), second: 0 });
    lines.push(`BEGIN:${part}`, `DTSTART:${dtstart}`, `TZOFFSETFROM:${icsOffset(change.before)}`, `TZOFFSETTO:${icsOffset(change.after)}`, `END:${part}`);
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n') + '\r\n';
}

/** The summary line: "Video interview: Senior Robotics Engineer at Acme Robotics". */
export function interviewSummary(interview: Pick<CalendarInterview, 'kind' | 'positionName'>, companyName: string): string {
  return `${KIND_LABEL[interview.kind]}${interview.positionName ? `: ${interview.positionName}` : ''} at ${companyName}`;
}

export function interviewCalendarText(interview: CalendarInterview, context: CalendarContext): string {
  const canceled = interview.status === 'canceled';
  const start = new Date(interview.startsAt);
  const end = new Date(start.getTime() + interview.durationMinutes * 60_000);
  const calendar = ical({
    prodId: { company: context.companyName.replace(/\/+/g, ' '), product: 'Careers', language: 'EN' },
    method: canceled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: (zone: string) => vtimezone(zone, start) },
  });
  const description = [
    interview.interviewers.length > 0 ? `Interviewers: ${interview.interviewers.join(', ')}` : null,
    interview.meetingUrl ? `Join: ${interview.meetingUrl}` : null,
    interview.notes,
  ].filter((line): line is string => line !== null && line !== '');
  calendar.createEvent({
    id: interviewUid(interview, context.domain),
    sequence: interview.sequence,
    start: new ZonedDate(start, interview.timeZone),
    end: new ZonedDate(end, interview.timeZone),
    timezone: interview.timeZone,
    stamp: new Date(interview.updatedAt),
    created: new Date(interview.createdAt),
    lastModified: new Date(interview.updatedAt),
    summary: interviewSummary(interview, context.companyName),
    description: description.length > 0 ? description.join('\n') : null,
    location: interview.location ?? interview.meetingUrl ?? null,
    url: interview.meetingUrl,
    status: canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
