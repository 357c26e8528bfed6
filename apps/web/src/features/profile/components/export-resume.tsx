import { apiUrl } from '../../../lib/http';
import { StateView } from '../../../ui/state-view';
import { useProfile, resumePdfPath } from '../api/profile';
import { useProfileCatalogue, useProfileTranslation } from '../profile-i18n';
import '../profile.css';

/** /careers/export-resume (spec §2, page id exportResume): the profile as a PDF resume, previewed and downloadable. */
export function ExportResume({ profileHref }: { profileHref: string }) {
  useProfileCatalogue();
  const { t } = useProfileTranslation();
  const profile = useProfile();
  const href = apiUrl(resumePdfPath);
  const name = profile.data ? `${profile.data.contact.firstName} ${profile.data.contact.lastName}` : '';
  return (
    <div className="profile-export">
      <p className="profile-card__text">{t('export.lead')}</p>
      <div className="profile-form__actions">
        <a className="ui-button ui-button--primary" href={href} download>
          {t('export.download')}
        </a>
        <a className="ui-button ui-button--tertiary" href={profileHref}>
          {t('export.editProfile')}
        </a>
      </div>
      {profile.isError ? <StateView status="error" message={t('export.previewFailed')} onRetry={() => void profile.refetch()} /> : null}
      {profile.isPending ? <StateView status="loading" lines={6} /> : null}
      {profile.data ? (
        <section className="profile-card profile-export__paper" aria-label={t('export.preview')}>
          <p className="profile-export__name">{name}</p>
          {profile.data.contact.headline ? <p className="profile-hero__headline">{profile.data.contact.headline}</p> : null}
          <p className="profile-hero__meta">{[profile.data.email, profile.data.contact.phone, profile.data.location].filter(Boolean).join(' · ')}</p>
          <ul className="profile-export__sections">
            {(['work_experience', 'education', 'skills', 'languages', 'certifications'] as const).map((section) => {
              const count = { work_experience: profile.data.workExperience, education: profile.data.education, skills: profile.data.skills, languages: profile.data.languages, certifications: profile.data.certifications }[section].length;
              return count > 0 ? (
                <li key={section}>
                  {t(`sections.${section}`)} <span className="profile-analysis__count">({count})</span>
                </li>
              ) : null;
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
