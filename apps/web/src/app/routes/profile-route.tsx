import { useLocation } from 'react-router';
import { ExportResume } from '../../features/profile/components/export-resume';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { useProfileCatalogue, useProfileTranslation } from '../../features/profile/profile-i18n';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { PageContainer } from '../shell/page-container';

function useLinkFor() {
  const location = useLocation();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  return (path: string) => withRememberedParams(withTenantDomain(path, domain), location.search);
}

/**
 * /careers/profile (spec §2, protected; page id profile). At merge, the resume card of features/resume is
 * passed as `resumeSlot` here (RESUME SLOT).
 */
export function ProfileRoute() {
  useProfileCatalogue();
  const { t } = useProfileTranslation();
  const linkFor = useLinkFor();
  return (
    <PageContainer pageId="profile" title={t('page.title')} isTitleHidden>
      <ProfilePage exportHref={linkFor(ROUTES.exportResume)} resumeSlot={undefined} />
    </PageContainer>
  );
}

/** /careers/export-resume (spec §2, protected; page id exportResume). */
export function ExportResumeRoute() {
  useProfileCatalogue();
  const { t } = useProfileTranslation();
  const linkFor = useLinkFor();
  return (
    <PageContainer pageId="exportResume" title={t('export.title')} width="narrow">
      <ExportResume profileHref={linkFor(ROUTES.profile)} />
    </PageContainer>
  );
}
