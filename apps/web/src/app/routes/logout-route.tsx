import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth/api/logout';
import { ActionProgress } from '../shell/action-progress';
import { PageContainer } from '../shell/page-container';

/** /logout: signs out through the API, then a full load of /careers (spec §2). */
export function LogoutRoute() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  return (
    <PageContainer pageId="logout" title={t('logout.title')} isTitleHidden width="narrow" showBanner={false}>
      <ActionProgress run={signOut} progressText={t('logout.progress')} />
    </PageContainer>
  );
}
