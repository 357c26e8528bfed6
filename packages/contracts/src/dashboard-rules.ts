/**
 * The dashboard's plain rules: its tabs, the nudges' bounds, its messages and the calendar file's address. No
 * zod here, so the dashboard's screen loads no schema with them (the web loads response schemas with the
 * first answer, lib/lazy-schema.ts); dashboard.ts holds the schemas.
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

/** GET /api/pcsx/dashboard/interviews/:interviewId/calendar.ics: the interview as a calendar file. */
export const interviewCalendarPath = (interviewId: string): string =>
  `/api/pcsx/dashboard/interviews/${encodeURIComponent(interviewId)}/calendar.ics`;
