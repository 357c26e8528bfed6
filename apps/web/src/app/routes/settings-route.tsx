import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountCatalogue } from '../../features/settings/account-i18n';
import { useSignOut } from '../../features/auth/api/logout';
import { ChangePasswordForm } from '../../features/settings/components/change-password-form';
import { ProfileSummary } from '../../features/settings/components/profile-summary';
import { SignedInDevices } from '../../features/settings/components/signed-in-devices';
import { SavedSearchesCard } from './saved-searches-card';
import { DataExportSection } from '../../features/settings/components/data-export-section';
import { DeleteAccountSection } from '../../features/settings/components/delete-account-section';
import { NotificationPreferences, PreferencesForm } from '../../features/settings/components/preferences-form';
import { browser } from '../../lib/browser';
import { CAREERS_HOME } from '../../lib/paths';
import { StateView } from '../../ui/state-view';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { useToast } from '../../ui/toast';
import { PageContainer } from '../shell/page-container';
import './settings-route.css';

/** /careers/settings (protected, page id settings): account, password, devices, sign out. */
export function SettingsRoute() {
  useAccountCatalogue();
  const { t } = useTranslation('account');
  const { userStore } = useSession();
  const signOut = useSignOut();
  const toast = useToast();
  const [isSigningOut, setSigningOut] = useState(false);
  const [isDeleted, setDeleted] = useState(false);

  const onSignOut = () => {
    setSigningOut(true);
    signOut().catch((error: unknown) => {
      setSigningOut(false);
      toast.show({ message: errorMessage(t, error), style: 'error' });
    });
  };

  // Issue 11: after "Delete my account" the page says what happened; the next page is a fresh, signed-out one.
  if (isDeleted) {
    return (
      <PageContainer pageId="settings" title={t('deleteAccount.doneTitle')} width="narrow">
        <Card>
          <StateView
            status="empty"
            message={t('deleteAccount.doneText')}
            action={
              <Button variant="primary" onClick={() => browser.assign(CAREERS_HOME)}>
                {t('deleteAccount.doneAction')}
              </Button>
            }
          />
        </Card>
      </PageContainer>
    );
  }

  return (
    <PageContainer pageId="settings" title={t('settings.title')} width="narrow">
      <div className="settings-stack">
        <Card aria-labelledby="settings-profile-heading">
          <h2 id="settings-profile-heading" className="settings-section__title">
            {t('profile.heading')}
          </h2>
          <ProfileSummary userStore={userStore} />
        </Card>
        <Card aria-labelledby="settings-password-heading">
          <h2 id="settings-password-heading" className="settings-section__title">
            {t('password.heading')}
          </h2>
          <ChangePasswordForm />
        </Card>
        <SavedSearchesCard />
        <Card aria-labelledby="settings-devices-heading">
          <h2 id="settings-devices-heading" className="settings-section__title">
            {t('devices.heading')}
          </h2>
          <p className="settings-section__intro">{t('devices.intro')}</p>
          <SignedInDevices />
        </Card>
        <Card aria-labelledby="settings-preferences-heading">
          <h2 id="settings-preferences-heading" className="settings-section__title">
            {t('preferences.heading')}
          </h2>
          <p className="settings-section__intro">{t('preferences.intro')}</p>
          <PreferencesForm />
        </Card>
        <Card aria-labelledby="settings-notifications-heading">
          <h2 id="settings-notifications-heading" className="settings-section__title">
            {t('notificationPrefs.heading')}
          </h2>
          <p className="settings-section__intro">{t('notificationPrefs.intro')}</p>
          <NotificationPreferences email={userStore.profile?.email ?? userStore.user?.email ?? ''} />
        </Card>
        <Card aria-labelledby="settings-export-heading">
          <h2 id="settings-export-heading" className="settings-section__title">
            {t('dataExport.heading')}
          </h2>
          <p className="settings-section__intro">{t('dataExport.intro')}</p>
          <DataExportSection />
        </Card>
        <Card aria-labelledby="settings-signout-heading" className="settings-signout">
          <div>
            <h2 id="settings-signout-heading" className="settings-section__title">
              {t('signOut.heading')}
            </h2>
            <p className="settings-section__intro">{t('signOut.text')}</p>
          </div>
          <Button variant="secondary" onClick={onSignOut} isLoading={isSigningOut}>
            {t('signOut.action')}
          </Button>
        </Card>
        <Card aria-labelledby="settings-delete-heading" className="settings-delete">
          <h2 id="settings-delete-heading" className="settings-section__title">
            {t('deleteAccount.heading')}
          </h2>
          <DeleteAccountSection onDeleted={() => setDeleted(true)} />
        </Card>
      </div>
    </PageContainer>
  );
}
