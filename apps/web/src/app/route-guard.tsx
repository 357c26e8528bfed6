import type { PageId } from '@careers/contracts';
import { Suspense, useCallback, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuthModal } from '../lib/auth-modal';
import { lazyNamed } from '../lib/lazy-named';
import { ROUTES } from '../lib/paths';
import { useSession } from '../lib/session';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { StateView } from '../ui/state-view';
import { PageContainer } from './shell/page-container';
import './route-guard.css';

const loadOnboardingScreens = () => import('./routes/onboarding-screens');
const OnboardingScreen = lazyNamed<{ pageId: PageId }, 'OnboardingScreen'>(loadOnboardingScreens, 'OnboardingScreen');
const ProfileBootstrappingScreen = lazyNamed<object, 'ProfileBootstrappingScreen'>(
  loadOnboardingScreens,
  'ProfileBootstrappingScreen',
);

/**
 * spec §2 "Protected routes": signed out → the auth modal (closing it leads to /careers); not onboarded →
 * onboarding call and a reload; not bootstrapped → the profile bootstrapping screen first.
 */
export function ProtectedRoute({ pageId, children }: { pageId: PageId; children: ReactNode }) {
  const session = useSession();
  if (!session.isLoggedIn) return <SignInRequired pageId={pageId} />;
  const { isOnboarded, isBootstrapped, bootstrappingConfig } = session.onboarding;
  if (isOnboarded && (isBootstrapped || !bootstrappingConfig.enabled)) return children;
  return (
    <Suspense fallback={<StateView status="loading" />}>
      {isOnboarded ? <ProfileBootstrappingScreen /> : <OnboardingScreen pageId={pageId} />}
    </Suspense>
  );
}

function SignInRequired({ pageId }: { pageId: PageId }) {
  const { t } = useTranslation();
  const { open } = useAuthModal();
  const navigate = useNavigate();
  const openSignIn = useCallback(
    () => open({ reason: 'protectedRoute', onDismiss: () => void navigate(ROUTES.home, { replace: true }) }),
    [open, navigate],
  );

  useEffect(openSignIn, [openSignIn]);

  return (
    <PageContainer pageId={pageId} title={t('guard.signInRequired.title')} isTitleHidden width="narrow">
      <Card className="guard-card">
        <h1 className="guard-card__title">{t('guard.signInRequired.title')}</h1>
        <p className="guard-card__text">{t('guard.signInRequired.text')}</p>
        <Button onClick={openSignIn}>{t('guard.signInRequired.action')}</Button>
      </Card>
    </PageContainer>
  );
}
