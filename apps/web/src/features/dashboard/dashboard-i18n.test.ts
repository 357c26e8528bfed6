import { APPLICATION_STAGE_INFO, APPLICATION_STAGES, ApplyMessages, DashboardMessages } from '@careers/contracts';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { DASHBOARD_NS, registerDashboardCatalogue } from './dashboard-i18n';

function dashboardT() {
  const i18n = createI18n();
  registerDashboardCatalogue(i18n);
  return i18n.getFixedT('en', DASHBOARD_NS);
}

describe('the English dashboard catalogue', () => {
  it('says the spec’s messages in the words of the contracts', () => {
    const t = dashboardT();
    expect(t('fetchFailed')).toBe(DashboardMessages.fetchFailed);
    expect(t('nudges.failed')).toBe(DashboardMessages.nudgesFailed);
    expect(t('drafts.deleted')).toBe(ApplyMessages.draftDeleted);
    expect(t('drafts.deleteFailed')).toBe(ApplyMessages.draftDeleteFailed);
  });

  it('words every stage as the server does (label, meaning, next step)', () => {
    const t = dashboardT();
    for (const stage of APPLICATION_STAGES) {
      const info = APPLICATION_STAGE_INFO[stage];
      expect(t(`stages.${stage}.label`)).toBe(info.label);
      expect(t(`stages.${stage}.meaning`)).toBe(info.meaning);
      expect(t(`stages.${stage}.next`)).toBe(info.next ?? '');
    }
  });
});
