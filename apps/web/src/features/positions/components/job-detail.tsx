import { locationText, optionLabel, type Position, type SearchOptionsMap } from '@careers/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBootData } from '../../../lib/boot-data';
import { formatDate } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { formatAgo, formatSalaryRange } from '../../../lib/position-format';
import { useSession } from '../../../lib/session';
import { Badge } from '../../../ui/badge';
import { buttonClassName } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { useMatchDetails } from '../api/match-details';
import { usePositionDetails } from '../api/position-details';
import { usePositionInsights } from '../api/position-insights';
import { usePositionDetailsSettings } from '../api/position-overrides';
import { InsightsPanel } from './insights-panel';
import { JobDescription } from './job-description';
import { MatchPanel } from './match-panel';
import './job-detail.css';

export interface JobDetailActionsInput {
  position: Position;
  /** metadata.isFallback: the job is archived and takes no applications. */
  isArchived: boolean;
}

export interface JobDetailProps {
  pid: string;
  queriedLocation?: string | undefined;
  /** 'pane': beside the search results; 'page': the job's own page (its title is the page's h1). */
  variant: 'pane' | 'page';
  renderActions: (input: JobDetailActionsInput) => ReactNode;
  /** A search for jobs like this one (archived jobs point there). */
  similarSearchHref: (position: Position) => string;
  /** Back to the search (unknown ids). */
  searchHref: string;
  profileHref: string;
  /** The pane links to the job's own page (to share or read it full width). */
  jobHref?: string;
  /** The details call failed (spec §4 "Failed details clear the position"). */
  onDetailsFailed?: () => void;
  /** Focus the title once loaded (the phone's list → detail navigation). */
  shouldFocusTitle?: boolean;
}

/**
 * One job (spec §3 Position, §4 "Position details, match details and insights load in parallel; each
 * fails independently"): details and the position's overrides (spec §7) start together; match and insights
 * follow as soon as the overrides say the position shows them (a failed overrides call: the tenant's
 * defaults). Only the details decide whether anything shows.
 */
export function JobDetail(props: JobDetailProps) {
  const { pid, queriedLocation, variant, onDetailsFailed } = props;
  const { t } = useTranslation('positions');
  const toast = useToast();
  const { isLoggedIn } = useSession();

  const details = usePositionDetails(pid, queriedLocation);
  const settings = usePositionDetailsSettings(pid);
  // Nothing to match for a visitor; nothing asked for or shown where the position turns it off.
  const isMatchShown = isLoggedIn && settings?.showMatchDetails === true;
  const isInsightsShown = settings?.showInsights === true;
  const match = useMatchDetails(pid, isMatchShown);
  const insights = usePositionInsights(pid, isInsightsShown);

  const isNotFound = details.error instanceof ApiError && details.error.status === 404;
  const failedAt = details.isError ? details.errorUpdatedAt : 0;
  useEffect(() => {
    if (!failedAt) return;
    // spec §8 "Load position details failed"; a job page for an unknown id says so in place instead.
    if (variant === 'pane' || !isNotFound) {
      toast.show({ message: t('detail.failedToast'), style: 'error', duration: 2000, position: 'top-center' });
    }
    onDetailsFailed?.();
    // Once per failure; the callbacks may change identity between renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt]);

  if (details.isPending) return <JobDetailSkeleton variant={variant} />;
  if (details.isError) {
    if (variant === 'pane') return null;
    return isNotFound ? (
      <JobNotFound searchHref={props.searchHref} />
    ) : (
      <StateView status="error" message={t('detail.failed')} onRetry={() => void details.refetch()} />
    );
  }

  const position = details.data.data;
  const isArchived = details.data.metadata.isFallback;
  return (
    <JobDetailContent
      {...props}
      position={position}
      isArchived={isArchived}
      match={{ status: match.status, details: match.data?.data, isShown: isMatchShown }}
      insights={{ status: insights.status, insights: insights.data?.insights, isShown: isInsightsShown }}
    />
  );
}

interface ContentProps extends JobDetailProps {
  position: Position;
  isArchived: boolean;
  match: { status: 'pending' | 'error' | 'success'; details: Parameters<typeof MatchPanel>[0]['details']; isShown: boolean };
  insights: { status: 'pending' | 'error' | 'success'; insights: Parameters<typeof InsightsPanel>[0]['insights']; isShown: boolean };
}

function JobDetailContent({ position, isArchived, variant, renderActions, similarSearchHref, profileHref, jobHref, match, insights, shouldFocusTitle }: ContentProps) {
  const { t, i18n } = useTranslation('positions');
  const { searchConfig, searchOptionsMap } = useBootData().tenant.config.pcsxConfig;
  const titleRef = useRef<HTMLHeadingElement>(null);
  const TitleTag = variant === 'page' ? 'h1' : 'h2';
  const sectionLevel = variant === 'page' ? 2 : 3;
  const SectionHeading = sectionLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    if (shouldFocusTitle) titleRef.current?.focus();
  }, [shouldFocusTitle, position.id]);

  const places = position.locations.map(locationText);
  const matchPanel = match.isShown ? (
    <MatchPanel
      status={match.status}
      details={match.details}
      strongMatchThreshold={searchConfig.strongMatchThreshold}
      profileHref={profileHref}
      headingLevel={sectionLevel}
    />
  ) : null;
  const insightsPanel = insights.isShown ? (
    <InsightsPanel status={insights.status} insights={insights.insights} headingLevel={sectionLevel} />
  ) : null;

  return (
    <article className={`job-detail job-detail--${variant}`} aria-labelledby={`job-title-${position.id}`}>
      <header className="job-detail__header">
        {isArchived ? (
          <div className="job-detail__archived" role="note">
            <p className="job-detail__archived-title">{t('detail.archivedTitle')}</p>
            <p>{t('detail.archivedText')}</p>
            <Link to={similarSearchHref(position)}>{t('detail.similarJobs')}</Link>
          </div>
        ) : null}
        {position.department ? (
          <p className="job-detail__department" dir="auto">
            {position.department}
          </p>
        ) : null}
        <TitleTag id={`job-title-${position.id}`} ref={titleRef} tabIndex={-1} className="job-detail__title" dir="auto">
          {position.name}
        </TitleTag>
        <JobFacts position={position} searchOptionsMap={searchOptionsMap} language={i18n.language} />
        <div className="job-detail__actions">{renderActions({ position, isArchived })}</div>
        {variant === 'pane' && jobHref ? (
          <Link className="job-detail__page-link" to={jobHref}>
            {t('detail.openPage')}
          </Link>
        ) : null}
      </header>

      <div className="job-detail__body">
        <div className="job-detail__main">
          {variant === 'pane' ? matchPanel : null}
          <section className="job-detail__section" aria-labelledby={`job-about-${position.id}`}>
            <SectionHeading id={`job-about-${position.id}`} className="job-detail__section-title">
              {t('detail.about')}
            </SectionHeading>
            <JobDescription description={position.description} />
          </section>
          {position.skills.length > 0 ? (
            <section className="job-detail__section" aria-labelledby={`job-skills-${position.id}`}>
              <SectionHeading id={`job-skills-${position.id}`} className="job-detail__section-title">
                {t('detail.skills')}
              </SectionHeading>
              <ul className="skill-tags">
                {position.skills.map((skill) => (
                  <li key={skill} className="skill-tag">
                    {skill}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {places.length > 1 ? (
            <section className="job-detail__section" aria-labelledby={`job-places-${position.id}`}>
              <SectionHeading id={`job-places-${position.id}`} className="job-detail__section-title">
                {t('detail.locations', { count: places.length })}
              </SectionHeading>
              <ul className="job-detail__places">
                {places.map((place) => (
                  <li key={place}>{place}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {variant === 'pane' ? insightsPanel : null}
        </div>
        {variant === 'page' && (matchPanel || insightsPanel) ? (
          <aside className="job-detail__aside">
            {matchPanel}
            {insightsPanel}
          </aside>
        ) : null}
      </div>
    </article>
  );
}

/** An id that names no job (or none at all): say so and lead back to the search. */
export function JobNotFound({ searchHref }: { searchHref: string }) {
  const { t } = useTranslation('positions');
  return (
    <div className="job-detail__state">
      <h1 className="job-detail__state-title">{t('detail.notFoundTitle')}</h1>
      <p>{t('detail.notFoundText')}</p>
      <Link className={buttonClassName('primary')} to={searchHref}>
        {t('detail.searchJobs')}
      </Link>
    </div>
  );
}

function JobFacts({ position, searchOptionsMap, language }: { position: Position; searchOptionsMap: SearchOptionsMap; language: string }) {
  const { t } = useTranslation('positions');
  const mappedType = optionLabel('employment_type', position.employment_type, searchOptionsMap);
  const typeLabel = mappedType !== position.employment_type ? mappedType : t(`employmentType.${position.employment_type}`);
  return (
    <ul className="job-detail__facts">
      <li>
        <FactIcon path="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" />
        <span dir={position.location ? 'auto' : undefined}>{position.location || t('workOption.remote')}</span>
      </li>
      <li>
        <FactIcon path="M4 8h16v11H4zM9 8V5h6v3" />
        <span>{typeLabel}</span>
      </li>
      {position.work_location_option !== 'onsite' ? (
        <li>
          <Badge tone="info">{t(`workOption.${position.work_location_option}`)}</Badge>
        </li>
      ) : null}
      {position.salary ? (
        <li className="job-detail__salary">
          <FactIcon path="M12 3v18M16 7.5c0-1.9-1.8-3-4-3s-4 1.1-4 3 1.8 2.6 4 3 4 1.1 4 3-1.8 3-4 3-4-1.1-4-3" />
          <span>{t(`salary.${position.salary.period}`, { range: formatSalaryRange(position.salary, language) })}</span>
        </li>
      ) : null}
      <li>
        <FactIcon path="M12 7v5l3 2M12 21a9 9 0 100-18 9 9 0 000 18z" />
        <span title={formatDate(position.posted_at, language)}>{t('posted', { ago: formatAgo(position.posted_at, language) })}</span>
      </li>
      {position.valid_through && !position.archived_at ? (
        <li>
          <span className="job-detail__deadline">{t('detail.applyBy', { date: formatDate(position.valid_through, language) })}</span>
        </li>
      ) : null}
    </ul>
  );
}

function FactIcon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="job-detail__fact-icon">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function JobDetailSkeleton({ variant }: { variant: 'pane' | 'page' }) {
  const { t } = useTranslation('positions');
  return (
    <div className={`job-detail job-detail--${variant} job-detail--loading`} role="status" aria-live="polite">
      <span className="visually-hidden">{t('detail.loading')}</span>
      <div className="job-detail__header">
        <Skeleton width="30%" />
        <Skeleton height={28} width="80%" />
        <Skeleton lines={2} />
      </div>
      <div className="job-detail__body">
        <Skeleton lines={8} />
      </div>
    </div>
  );
}
