import { bootQueryKeys } from '@careers/contracts';

/**
 * TanStack Query keys of the dashboard's calls; a change to one invalidates what depends on it. The first screen's
 * two (nudges, applications) are the server's too: it answers them in the page (dashboard.preload.ts).
 */
export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  nudges: bootQueryKeys.dashboardNudges,
  applications: bootQueryKeys.dashboardApplications,
  drafts: () => ['dashboard', 'drafts'] as const,
  interviews: () => ['dashboard', 'interviews'] as const,
  events: () => ['dashboard', 'events'] as const,
  referrals: () => ['dashboard', 'referrals'] as const,
};
