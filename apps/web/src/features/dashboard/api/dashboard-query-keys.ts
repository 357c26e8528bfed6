/** TanStack Query keys of the dashboard's calls; a change to one invalidates what depends on it. */
export const dashboardQueryKeys = {
  all: ['dashboard'] as const,
  nudges: () => ['dashboard', 'nudges'] as const,
  applications: () => ['dashboard', 'applications'] as const,
  drafts: () => ['dashboard', 'drafts'] as const,
  interviews: () => ['dashboard', 'interviews'] as const,
  events: () => ['dashboard', 'events'] as const,
  referrals: () => ['dashboard', 'referrals'] as const,
};
