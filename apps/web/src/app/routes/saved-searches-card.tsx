import { useAlertsTranslation } from '../../features/saved-searches/alerts-i18n';
import { SavedSearchesSection } from '../../features/saved-searches/components/saved-searches-section';
import { useBootData } from '../../lib/boot-data';
import { withTenantDomain } from '../../lib/tenant-link';
import { Card } from '../../ui/card';

/**
 * Issue 12: the settings page's saved searches, where the tenant offers them (spec §6: candidate login plus
 * the saved-search notifications flag). Its own file so the settings page's other sections stay apart.
 */
export function SavedSearchesCard() {
  const { t } = useAlertsTranslation();
  const { tenant } = useBootData();
  const { loginSignupConfig, notificationsConfig } = tenant.config;
  if (!loginSignupConfig.candidateLoginEnabled || !notificationsConfig.enableSavedSearchNotifications) return null;
  return (
    <Card aria-labelledby="settings-saved-searches-heading">
      <h2 id="settings-saved-searches-heading" className="settings-section__title">
        {t('settings.heading')}
      </h2>
      <p className="settings-section__intro">{t('settings.intro')}</p>
      <SavedSearchesSection searchHref={withTenantDomain('/careers', tenant.isDefault ? undefined : tenant.domain)} />
    </Card>
  );
}
