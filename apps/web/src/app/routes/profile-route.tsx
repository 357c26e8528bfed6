import { useLocation } from 'react-router';
import { ExportResume } from '../../features/profile/components/export-resume';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { useProfileCatalogue, useProfileTranslation } from '../../features/profile/profile-i18n';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { PageContainer } from '../shell/page-container';
import { ResumeImport } from '../../features/resume/components/resume-import';
import { fetchAuthState } from '../../features/auth/api/me';
import { useSession } from '../../lib/session';
import { useQueryClient } from '@tanstack/react-query';

/** The profile's resume section: saving what a resume yielded refreshes the profile and the user store. */
function ProfileResume() {
  const { tenant } = useBootData();
  const session = useSession();
  const queryClient = useQueryClient();
  const refresh = () =>
    void Promise.all([
      queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('profile') }),
      fetchAuthState().then(session.applyAuthState, () => undefined),
    ]);
  return (
    <ResumeImport
      variant="full"
      maxFileSizeMB={tenant.config.pcsxConfig.fileUploadConfig.maxFileSizeMB}
      companyName={tenant.config.pcsxConfig.branding.companyName}
      onSaved={refresh}
      onUploaded={refresh}
    />
  );
}

function useLinkFor() {
  const location = useLocation();
  const { tenant } = useBootData();
  const domain = tenant.isDefault ? undefined : tenant.domain;
  return (path: string) => withRememberedParams(withTenantDomain(path, domain), location.search);
}

/** /careers/profile (spec §2, protected; page id profile), with the resume flow of features/resume at its top. */
export function ProfileRoute() {
  useProfileCatalogue();
  const { t } = useProfileTranslation();
  const linkFor = useLinkFor();
  return (
    <PageContainer pageId="profile" title={t('page.title')} isTitleHidden>
      <ProfilePage exportHref={linkFor(ROUTES.exportResume)} resumeSlot={<ProfileResume />} />
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
