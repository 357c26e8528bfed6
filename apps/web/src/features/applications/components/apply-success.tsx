import type { ApplicationSummary } from '@careers/contracts';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { translateWithBdi } from '../../../ui/bdi';
import { buttonClassName } from '../../../ui/button';
import { useApplyTranslation } from '../applications-i18n';

export interface ApplySuccessProps {
  applications: readonly ApplicationSummary[];
  /** The candidate's applications (dashboard); null where that screen does not exist or they are signed out. */
  applicationsHref: string | null;
  searchHref: string;
}

/** After submitting: a calm confirmation, the jobs applied to, and what happens next. */
export function ApplySuccess({ applications, applicationsHref, searchHref }: ApplySuccessProps) {
  const { t } = useApplyTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const [first] = applications;

  return (
    <section className="apply-success" aria-labelledby="apply-success-heading">
      <div className="apply-success__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h1 id="apply-success-heading" className="apply-success__title" tabIndex={-1} ref={heading}>
        {t('success.title', { count: applications.length })}
      </h1>
      <p className="apply-success__lede">
        {applications.length === 1 && first ? translateWithBdi(t, 'success.ledeOne', { title: first.position.name }) : t('success.ledeMany', { count: applications.length })}
      </p>
      {applications.length > 1 ? (
        <ul className="apply-success__jobs">
          {applications.map((application) => (
            <li key={application.id} dir="auto">
              {application.position.name}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="apply-success__next">
        <h2 className="apply-success__next-title">{t('success.nextTitle')}</h2>
        <ol className="apply-success__steps">
          <li>{t('success.nextReview')}</li>
          <li>{t('success.nextContact')}</li>
          <li>{applicationsHref ? t('success.nextFollow') : t('success.nextFollowEmail')}</li>
        </ol>
      </div>
      <div className="apply-success__actions">
        {applicationsHref ? (
          <Link className={buttonClassName('primary')} to={applicationsHref}>
            {t('success.toApplications')}
          </Link>
        ) : null}
        <Link className={buttonClassName(applicationsHref ? 'secondary' : 'primary')} to={searchHref}>
          {t('success.toSearch')}
        </Link>
      </div>
    </section>
  );
}
