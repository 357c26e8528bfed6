import type { UserStore } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import './settings.css';

/** Name and e-mail as the account knows them; editing the profile is the profile page's job. */
export function ProfileSummary({ userStore }: { userStore: UserStore }) {
  const { t } = useTranslation('account');
  const profile = userStore.profile;
  const name = [profile?.firstName, profile?.lastName].filter(Boolean).join(' ');
  return (
    <dl className="settings-summary">
      <div className="settings-summary__row">
        <dt>{t('profile.name')}</dt>
        <dd>{name || t('profile.notSet')}</dd>
      </div>
      <div className="settings-summary__row">
        <dt>{t('profile.email')}</dt>
        <dd>{profile?.email ?? userStore.user?.email ?? ''}</dd>
      </div>
    </dl>
  );
}
