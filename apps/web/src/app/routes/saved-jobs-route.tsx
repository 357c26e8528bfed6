import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { SavedJobsList } from '../../features/saved-jobs/components/saved-jobs-list';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { PageContainer } from '../shell/page-container';

/** /careers/saved-jobs (spec §2, protected; page id savedJobs). */
export function SavedJobsRoute() {
  const { t } = useTranslation('positions');
  const location = useLocation();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  return (
    <PageContainer pageId="savedJobs" title={t('savedJobs.title')} width="narrow">
      <SavedJobsList
        searchHref={withRememberedParams(withTenantDomain(ROUTES.home, domain), location.search)}
        linkFor={(path) => withRememberedParams(withTenantDomain(path, domain), location.search)}
      />
    </PageContainer>
  );
}
