import { z } from 'zod';
import { CandidateRefBody, IdParam, PlainText } from '../../http/admin-schemas';
import type { NewInterview } from './interviews.service';

/**
 * What scheduling and rescheduling an interview take, checked at the edge by the employer API (zod → OpenAPI)
 * and by the command line alike, so both hand the service the same input.
 */

export const InterviewKindSchema = z.enum(['video', 'phone', 'onsite']);
const Kind = InterviewKindSchema;
export const InterviewStatusSchema = z.enum(['scheduled', 'rescheduled', 'canceled']);
export const Instant = z.iso.datetime({ offset: true });
const HttpsUrl = z.url({ protocol: /^https$/ }).max(2000).describe('An https:// link');
const PositionId = z.number().int().positive().max(2_147_483_647);

const details = {
  startsAt: Instant.describe('When it starts (ISO 8601 with offset; stored in UTC). In the future, within two years'),
  durationMinutes: z.number().int().min(5).max(480).describe('Length in minutes (5–480)'),
  timeZone: PlainText(64).describe('The IANA time zone the interview is arranged in (e.g. "Europe/London"): calendars and screens show its local time'),
  kind: Kind.describe('video (needs meetingUrl), phone, or onsite (needs location)'),
  location: PlainText(500).nullable().optional().describe('The address (onsite) or the number to call (phone)'),
  meetingUrl: HttpsUrl.nullable().optional().describe('The video link'),
  interviewers: z.array(PlainText(200)).max(20).optional().describe('Names shown to the candidate'),
  notes: PlainText(4000).nullable().optional().describe('Shown to the candidate (what to prepare, whom to ask for)'),
};

export const ScheduleBody = z.object({
  candidate: CandidateRefBody,
  applicationId: IdParam.nullable().optional().describe('The candidate’s application this interview is for (its position comes with it)'),
  positionId: PositionId.nullable().optional().describe('A position, when there is no application'),
  ...details,
});

export const RescheduleBody = z.object({
  startsAt: details.startsAt,
  durationMinutes: details.durationMinutes.optional(),
  timeZone: details.timeZone.optional(),
  kind: details.kind.optional(),
  location: details.location,
  meetingUrl: details.meetingUrl,
  interviewers: details.interviewers,
  notes: details.notes,
});


/** A checked schedule body as the service takes it (absent optionals as null / []). */
export function newInterviewOf(body: z.infer<typeof ScheduleBody>): NewInterview {
  return {
    candidate: body.candidate,
    applicationId: body.applicationId ?? null,
    positionId: body.positionId ?? null,
    startsAt: body.startsAt,
    durationMinutes: body.durationMinutes,
    timeZone: body.timeZone,
    kind: body.kind,
    location: body.location ?? null,
    meetingUrl: body.meetingUrl ?? null,
    interviewers: body.interviewers ?? [],
    notes: body.notes ?? null,
  };
}

