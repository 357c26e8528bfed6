import type { PageId } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import { startOnboarding } from '../../features/onboarding/api/start-onboarding';
import { ProfileBootstrapForm } from '../../features/onboarding/components/profile-bootstrap-form';
import { useAccountCatalogue } from '../../features/settings/account-i18n';
import { browser } from '../../lib/browser';
import { useSession } from '../../lib/session';
import { Card } from '../../ui/card';
import { ActionProgress } from '../shell/action-progress';
import { PageContainer } from '../shell/page-container';
import '../route-guard.css';

/** spec §2: "A logged-in user who is not onboarded triggers onboarding and a reload." */
export function OnboardingScreen({ pageId }: { pageId: PageId }) {
  const { t } = useTranslation();
  return (
    <PageContainer pageId={pageId} title={t('guard.onboarding.title')} isTitleHidden width="narrow">
      <ActionProgress run={() => startOnboarding().then(() => browser.reload())} progressText={t('guard.onboarding.title')} />
    </PageContainer>
  );
}

/** spec §2: "Logged-in users who are not bootstrapped first see a profile bootstrapping screen." */
export function ProfileBootstrappingScreen() {
  useAccountCatalogue();
  const { t } = useTranslation();
  const session = useSession();
  return (
    <PageContainer pageId="ProfileBootstrapping" title={t('guard.bootstrap.title')} width="narrow">
      <Card padding="lg">
        <p className="guard-card__text guard-card__text--spaced">{t('guard.bootstrap.text')}</p>
        <ProfileBootstrapForm
          profile={session.userStore.profile}
          allowSkip={session.onboarding.bootstrappingConfig.allowSkip}
          onDone={(state) =>
            // After "Skip for now" the server may still say not bootstrapped; the requested page shows anyway.
            session.applyAuthState({ ...state, onboarding: { ...state.onboarding, isBootstrapped: true } })
          }
        />
      </Card>
    </PageContainer>
  );
}
