import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { AuthForms } from '../../features/auth/components/auth-forms';
import type { AuthTab } from '../../lib/auth-modal';
import { browser } from '../../lib/browser';
import { changeLocale } from '../../lib/i18n';
import { safeNextPath } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { Card } from '../../ui/card';
import { PageContainer } from '../shell/page-container';

/**
 * /careers/login (spec §2 "Candidate login path": domain, pid, microsite, hl, next). After sign-in the
 * browser loads `next` when it is a path on this site, else the careers home.
 */
export function LoginRoute() {
  const { t, i18n } = useTranslation('auth');
  const { isLoggedIn } = useSession();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const language = searchParams.get('hl');
  // The heading names the tab shown (issue 8 §6: "Sign in" over the Create account form).
  const [tab, setTab] = useState<AuthTab>('signIn');

  useEffect(() => {
    if (language) void changeLocale(i18n, language);
  }, [i18n, language]);

  if (isLoggedIn) return <Navigate to={next} replace />;

  return (
    <PageContainer pageId="login" title={tab === 'signUp' ? t('page.signUpTitle') : t('page.title')} width="narrow">
      <Card padding="lg" className="login-card">
        <AuthForms onTabChange={setTab} onAuthenticated={() => browser.assign(next)} />
      </Card>
    </PageContainer>
  );
}
