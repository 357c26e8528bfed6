import { describe, expect, it } from 'vitest';
import { dashboardTabs, DASHBOARD_TABS, selectedDashboardTab } from './dashboard-rules';

describe('dashboardTabs (spec §3 dashboardConfig.tabs, gates)', () => {
  it('keeps the configured order, folds open and closed drafts into one tab, ignores unknown names', () => {
    expect(dashboardTabs(['offers', 'openDraftApplications', 'applications', 'closedDraftApplications', 'nonsense', 'savedPositions'], true)).toEqual([
      'offers',
      'drafts',
      'applications',
      'saved',
    ]);
  });

  it('shows referrals only behind gates.referralWithCandidateApplicationGate', () => {
    expect(dashboardTabs(['applications', 'referrals'], false)).toEqual(['applications']);
    expect(dashboardTabs(['applications', 'referrals'], true)).toEqual(['applications', 'referrals']);
  });

  it('shows every tab when none is configured', () => {
    expect(dashboardTabs([], true)).toEqual([...DASHBOARD_TABS]);
    expect(dashboardTabs([], false)).toEqual(DASHBOARD_TABS.filter((tab) => tab !== 'referrals'));
  });

  it('selects the tab the address names, else the first', () => {
    expect(selectedDashboardTab('drafts', ['applications', 'drafts'])).toBe('drafts');
    expect(selectedDashboardTab('referrals', ['applications', 'drafts'])).toBe('applications');
    expect(selectedDashboardTab(null, [])).toBeNull();
  });
});
