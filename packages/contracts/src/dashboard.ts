import { z } from 'zod';
import { PositionIdSchema } from './positions';

/**
 * The candidate's dashboard (issue 11; spec §2 /careers/dashboard, §3 "Dashboard tab data", dashboardConfig.tabs,
 * gates; §7 dashboard/*, nudges). Tab data comes from each tab's own call (applications, drafts, saved positions,
 * offers, interviews, events, referrals), so one slow or failing call never blanks the others.
 */

/**
 * A next step for the candidate (GET /api/pcsx/dashboard/nudges), computed from their data on each call. `id` is
 * stable for the same cause (`offer:<id>`, `draft:<positionId>`, …) so the browser can key and remember it;
 * `link` is a site path. The wire carries the kind and its facts; the browser words them (i18n).
 */
export const NUDGE_KINDS = ['offer_action', 'form_action', 'draft_open', 'complete_profile', 'upload_resume', 'strong_matches'] as const;
export const NudgeKindSchema = z.enum(NUDGE_KINDS);
export type NudgeKind = z.infer<typeof NudgeKindSchema>;

export const StrongMatchSchema = z.object({ id: PositionIdSchema, name: z.string(), score: z.number().min(0).max(1), link: z.string() });
export type StrongMatch = z.infer<typeof StrongMatchSchema>;

export const NudgeSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string(), kind: z.literal('offer_action'), link: z.string(), positionName: z.string(), expiresAt: z.string().nullable() }),
  z.object({ id: z.string(), kind: z.literal('form_action'), link: z.string(), title: z.string(), dueAt: z.string().nullable() }),
  z.object({ id: z.string(), kind: z.literal('draft_open'), link: z.string(), positionName: z.string(), updatedAt: z.string() }),
  z.object({ id: z.string(), kind: z.literal('complete_profile'), link: z.string(), percent: z.number().int().min(0).max(100), missing: z.array(z.string()) }),
  z.object({ id: z.string(), kind: z.literal('upload_resume'), link: z.string() }),
  z.object({ id: z.string(), kind: z.literal('strong_matches'), link: z.string(), positions: z.array(StrongMatchSchema).min(1) }),
]);
export type Nudge = z.infer<typeof NudgeSchema>;

export const NudgesResponseSchema = z.object({ nudges: z.array(NudgeSchema) });
export type NudgesResponse = z.infer<typeof NudgesResponseSchema>;

/**
 * GET /api/pcsx/dashboard/interviews (issue 10's interviews, the candidate's view): upcoming soonest first (canceled
 * ones included, marked), past most recent first. Times are instants; `time_zone` is the zone the interview was
 * arranged in — the browser shows them in the candidate's own zone and names both when they differ.
 */
export const INTERVIEW_KINDS = ['video', 'phone', 'onsite'] as const;
export const INTERVIEW_STATUSES = ['scheduled', 'rescheduled', 'canceled'] as const;
export const CandidateInterviewSchema = z.object({
  id: z.string(),
  application_id: z.string().nullable(),
  position_id: PositionIdSchema.nullable(),
  position_name: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  time_zone: z.string(),
  kind: z.enum(INTERVIEW_KINDS),
  location: z.string().nullable(),
  meeting_url: z.string().nullable(),
  interviewers: z.array(z.string()),
  status: z.enum(INTERVIEW_STATUSES),
  notes: z.string().nullable(),
  updated_at: z.string(),
});
export type CandidateInterview = z.infer<typeof CandidateInterviewSchema>;
export const DashboardInterviewsResponseSchema = z.object({
  data: z.object({ upcoming: z.array(CandidateInterviewSchema), past: z.array(CandidateInterviewSchema) }),
});
export type DashboardInterviews = z.infer<typeof DashboardInterviewsResponseSchema>['data'];

/** GET /api/pcsx/dashboard/events: events the candidate registered for (with the registration's state), and open ones. */
export const EVENT_REGISTRATION_STATUSES = ['registered', 'attended', 'canceled'] as const;
export const CandidateEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  location: z.string().nullable(),
  url: z.string().nullable(),
  capacity: z.number().int().nullable(),
  seats_left: z.number().int().nullable(),
  registration_status: z.enum(EVENT_REGISTRATION_STATUSES).nullable(),
});
export type CandidateEvent = z.infer<typeof CandidateEventSchema>;
export const DashboardEventsResponseSchema = z.object({
  data: z.object({ registered: z.array(CandidateEventSchema), open: z.array(CandidateEventSchema) }),
});
export type DashboardEvents = z.infer<typeof DashboardEventsResponseSchema>['data'];

/** GET /api/pcsx/dashboard/referrals (behind gates.referralWithCandidateApplicationGate): who referred the candidate. */
export const REFERRAL_STATUSES = ['referred', 'applied', 'interviewing', 'hired', 'not_selected'] as const;
export const CandidateReferralSchema = z.object({
  id: z.string(),
  position_id: PositionIdSchema.nullable(),
  position_name: z.string().nullable(),
  referrer_name: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CandidateReferral = z.infer<typeof CandidateReferralSchema>;
export const DashboardReferralsResponseSchema = z.object({ data: z.object({ referrals: z.array(CandidateReferralSchema) }) });
