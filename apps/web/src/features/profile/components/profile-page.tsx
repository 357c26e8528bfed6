import { profileCompletionFacts, profileCompletionOf, skillKey, type ProfileCompletionPart, type ProfileDetails } from '@careers/contracts';
import type { ReactNode } from 'react';
import { isolate } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { useDeferredFirstValue } from '../../../lib/use-deferred-first-value';
import { Skeleton } from '../../../ui/skeleton';
import { useProfile, useProfileAnalysis, useProfileEdit } from '../api/profile';
import { useProfileCatalogue, useProfileTranslation } from '../profile-i18n';
import { ContactSection, LocationSection, SkillsSection } from './profile-basics';
import { LIST_KINDS, ListSection, sectionId } from './profile-sections';
import '../profile.css';

export interface ProfilePageProps {
  /** The resume card (features/resume), mounted by the route near the top of the page. */
  resumeSlot?: ReactNode;
  /** Where the export page is (a link built by the route). */
  exportHref: string;
}

const initialsOf = (profile: ProfileDetails): string =>
  `${profile.contact.firstName.trim().charAt(0)}${profile.contact.lastName.trim().charAt(0)}`.toLocaleUpperCase();

/** Where each missing completion part is fixed. */
const PART_SECTION: Record<ProfileCompletionPart, string> = {
  contact: 'contact',
  headline: 'contact',
  location: 'location',
  resume: 'resume',
  work_experience: 'work_experience',
  education: 'education',
  skills: 'skills',
  languages: 'languages',
};

function goTo(section: string) {
  const target = document.getElementById(sectionId(section));
  target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target?.focus({ preventScroll: true });
}

function ProfileHeader({ profile, exportHref }: { profile: ProfileDetails; exportHref: string }) {
  const { t } = useProfileTranslation();
  const name = `${profile.contact.firstName} ${profile.contact.lastName}`.trim();
  return (
    <header className="profile-hero">
      <div className="profile-hero__avatar" aria-hidden={profile.avatar ? undefined : true}>
        {profile.avatar ? <img src={profile.avatar} alt={t('header.avatarAlt', { name: isolate(name) })} width={96} height={96} /> : initialsOf(profile)}
      </div>
      <div className="profile-hero__text">
        <h1 className="profile-hero__name" dir="auto">
          {name}
        </h1>
        <p
          className={profile.contact.headline ? 'profile-hero__headline' : 'profile-hero__headline profile-hero__headline--empty'}
          dir={profile.contact.headline ? 'auto' : undefined}
        >
          {profile.contact.headline ?? t('header.noHeadline')}
        </p>
        <p className="profile-hero__meta">
          <span>{profile.location ?? t('header.noLocation')}</span>
          <span aria-hidden="true"> · </span>
          <span>{profile.email}</span>
        </p>
      </div>
      <a className="ui-button ui-button--secondary profile-hero__export" href={exportHref}>
        {t('page.exportResume')}
      </a>
    </header>
  );
}

function CompletionCard({ profile }: { profile: ProfileDetails }) {
  const { t } = useProfileTranslation();
  const { percent, missing } = profileCompletionOf(profileCompletionFacts(profile));
  return (
    <section className="profile-card profile-completion" aria-labelledby="profile-completion-heading">
      <div className="profile-completion__top">
        <h2 id="profile-completion-heading" className="profile-card__title">
          {t('completion.title')}
        </h2>
        <span className="profile-completion__percent">{t('completion.percent', { percent })}</span>
      </div>
      <div className="profile-completion__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={t('completion.title')}>
        <span style={{ inlineSize: `${percent}%` }} />
      </div>
      {missing.length === 0 ? (
        <p className="profile-card__text">{t('completion.done')}</p>
      ) : (
        <>
          <p className="profile-completion__intro">{t('completion.missingIntro')}</p>
          <ul className="profile-completion__list">
            {missing.map((part) => (
              <li key={part}>
                <button type="button" className="profile-completion__link" onClick={() => goTo(PART_SECTION[part])}>
                  {t(`completion.parts.${part}`)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function AnalysisPanel({ profile }: { profile: ProfileDetails }) {
  const { t } = useProfileTranslation();
  const analysis = useProfileAnalysis();
  const edit = useProfileEdit();
  const have = new Set(profile.skills.map(skillKey));
  return (
    <section className="profile-card profile-analysis" aria-labelledby="profile-analysis-heading">
      <h2 id="profile-analysis-heading" className="profile-card__title">
        {t('analysis.title')}
      </h2>
      {analysis.isPending ? <StateView status="loading" label={t('analysis.loading')} lines={4} /> : null}
      {analysis.isError ? <StateView status="error" message={t('analysis.failed')} onRetry={() => void analysis.refetch()} /> : null}
      {analysis.data ? (
        analysis.data.strengths.length === 0 && analysis.data.skillsToAdd.length === 0 ? (
          <p className="profile-card__empty">{t('analysis.none')}</p>
        ) : (
          <>
            <p className="profile-analysis__reach">{t('analysis.reach', { count: analysis.data.positionsInReach, total: analysis.data.openPositions })}</p>
            {analysis.data.strengths.length > 0 ? (
              <>
                <h3 className="profile-analysis__heading">{t('analysis.strengths')}</h3>
                <ul className="profile-analysis__list">
                  {analysis.data.strengths.map((strength) => (
                    <li key={strength.skill}>
                      <span className="profile-analysis__skill">{strength.skill}</span>
                      <span className="profile-analysis__count">{t('analysis.strengthCount', { count: strength.openPositions })}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {analysis.data.strongestAreas.length > 0 ? (
              <>
                <h3 className="profile-analysis__heading">{t('analysis.areas')}</h3>
                <ul className="profile-analysis__list">
                  {analysis.data.strongestAreas.map((area) => (
                    <li key={area.department}>
                      <span className="profile-analysis__skill" dir="auto">
                        {area.department}
                      </span>
                      <span className="profile-analysis__count">{t('analysis.areaCount', { count: area.positionsInReach, total: area.openPositions })}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {analysis.data.skillsToAdd.length > 0 ? (
              <>
                <h3 className="profile-analysis__heading">{t('analysis.toAdd')}</h3>
                <ul className="profile-analysis__list">
                  {analysis.data.skillsToAdd.filter((item) => !have.has(skillKey(item.skill))).map((item) => (
                    <li key={item.skill}>
                      <span className="profile-analysis__skill">
                        {item.skill} <span className="profile-analysis__gain">{t('analysis.opens', { count: item.additionalPositions })}</span>
                      </span>
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={edit.isPending}
                        aria-label={t('analysis.add', { skill: isolate(item.skill) })}
                        onClick={() => edit.mutate({ body: { op_section: 'skills', operation: 'add', op_data: { value: item.skill } } })}
                      >
                        {t('actions.add')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </>
        )
      ) : null}
    </section>
  );
}

/** /careers/profile (spec §2, page id profile): the candidate's whole profile, each section editable in place. */
export function ProfilePage({ resumeSlot, exportHref }: ProfilePageProps) {
  useProfileCatalogue();
  const { t } = useProfileTranslation();
  const profile = useProfile();
  // The whole profile is first rendered as a transition React slices (P6 TBT); the skeleton stays until then.
  const data = useDeferredFirstValue(profile.data);

  if (profile.isPending || (profile.data && !data)) {
    return (
      // Keyed apart from the loaded page: React would otherwise reuse the skeleton's hero <div> as the layout's
      // and move it down the page (a layout shift), where a new element just appears.
      <div key="loading" className="profile-page" role="status" aria-live="polite">
        <span className="visually-hidden">{t('page.loading')}</span>
        <div className="profile-hero">
          <div className="profile-hero__avatar" />
          <div className="profile-hero__text">
            <Skeleton lines={3} />
          </div>
        </div>
        <Skeleton lines={8} />
      </div>
    );
  }
  if (profile.isError) {
    return <StateView status="error" message={t('page.loadFailed')} onRetry={() => void profile.refetch()} />;
  }
  if (!data) return null;
  return (
    <div key="loaded" className="profile-page">
      <ProfileHeader profile={data} exportHref={exportHref} />
      <div className="profile-layout">
        <div className="profile-layout__main">
          {resumeSlot ? (
            <section id={sectionId('resume')} className="profile-resume-slot" aria-label={t('page.resumeSlotLabel')} tabIndex={-1}>
              {/* The resume card (features/resume) is mounted here by the route. */}
              {resumeSlot}
            </section>
          ) : null}
          <ContactSection profile={data} />
          <LocationSection profile={data} />
          <ListSection kind={LIST_KINDS[0]} profile={data} />
          <ListSection kind={LIST_KINDS[1]} profile={data} />
          <SkillsSection profile={data} />
          <ListSection kind={LIST_KINDS[2]} profile={data} />
          <ListSection kind={LIST_KINDS[3]} profile={data} />
          <ListSection kind={LIST_KINDS[4]} profile={data} />
        </div>
        <aside className="profile-layout__aside">
          <CompletionCard profile={data} />
          <AnalysisPanel profile={data} />
        </aside>
      </div>
    </div>
  );
}
