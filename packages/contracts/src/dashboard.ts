import { z } from 'zod';
import { PositionIdSchema } from './positions';

/**
 * The candidate's dashboard (issue 11; spec §2 /careers/dashboard, §3 "Dashboard tab data", dashboardConfig.tabs,
 * gates; §7 dashboard/*, nudges). Tab data comes from each tab's own call (applications, drafts, saved positions,
 * offers, interviews, events, referrals), so one slow or failing call never blanks the others.
 */

/**
 * The dashboard's tabs as the address names them (`?tab=`). dashboardConfig.tabs holds the spec's tab-data names
 * (applications, interviews, savedPositions, events, offers, openDraftApplications, closedDraftApplications,
 * referrals); open and closed drafts share one Drafts tab with two sections, and inactive applications are the
 * second section of Applications.
 */
export const DASHBOARD_TABS = ['applications', 'interviews', 'saved', 'events', 'offers', 'drafts', 'referrals'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const TAB_OF_CONFIG_NAME: Record<string, DashboardTab> = {
  applications: 'applications',
  inactiveApplications: 'applications',
  interviews: 'interviews',
  savedPositions: 'saved',
  events: 'events',
  offers: 'offers',
  openDraftApplications: 'drafts',
  closedDraftApplications: 'drafts',
  referrals: 'referrals',
};

/**
 * The tabs a tenant shows, in its configured order: unknown names are ignored, a tab named twice (open and
 * closed drafts) appears once, and referrals only behind gates.referralWithCandidateApplicationGate. No
 * configured tabs means every tab.
 */
export function dashboardTabs(tabsConfig: readonly string[], referralsGate: boolean): DashboardTab[] {
  const named = tabsConfig.length > 0 ? tabsConfig.map((name) => TAB_OF_CONFIG_NAME[name]) : [...DASHBOARD_TABS];
  const tabs: DashboardTab[] = [];
  for (const tab of named) {
    if (tab === undefined || tabs.includes(tab)) continue;
    if (tab === 'referrals' && !referralsGate) continue;
    tabs.push(tab);
  }
  return tabs;
}

/** The `?tab=` value if it names one of `tabs`, else the first tab. */
export function selectedDashboardTab(requested: string | null, tabs: readonly DashboardTab[]): DashboardTab | null {
  const match = tabs.find((tab) => tab === requested);
  return match ?? tabs[0] ?? null;
}

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

/** Bounds of the nudges' work: a few searches and a few dozen positions judged per call, never the whole index. */
export const NUDGE_LIMITS = {
  /** Searches run for strong matches: the profile's title and its first skills. */
  matchSearches: 4,
  /** Strong matches shown. */
  strongMatches: 3,
  /** Open drafts and forms nudged about, each. */
  perKind: 3,
} as const;

/** spec §8 "Other fetchers log and rethrow": the dashboard's two messages. */
export const DashboardMessages = {
  fetchFailed: 'Failed to fetch data',
  nudgesFailed: 'Failed to fetch dashboard nudges',
} as const;

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

/** GET /api/pcsx/dashboard/interviews/:interviewId/calendar.ics: the interview as a calendar file. */
export const interviewCalendarPath = (interviewId: string): string =>
  `/api/pcsx/dashboard/interviews/${encodeURIComponent(interviewId)}/calendar.ics`;

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
