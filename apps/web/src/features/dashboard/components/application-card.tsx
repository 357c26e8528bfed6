import { jobPath, ROUTES, type ApplicationStage, type ApplicationSummary } from '@careers/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/session';
import { formatAgo } from '../../../lib/position-format';
import { isolate, translateWithBdi } from '../../../ui/bdi';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { Button, buttonClassName } from '../../../ui/button';
import { useDashboardTranslation } from '../dashboard-i18n';
import { WithdrawModal } from './withdraw-modal';

/** The pipeline a candidate sees (application-stages.ts on the server); rejected and withdrawn end it early. */
const PIPELINE: readonly ApplicationStage[] = ['submitted', 'screening', 'interview', 'offer', 'hired'];

export function stageTone(stage: ApplicationStage): BadgeTone {
  switch (stage) {
    case 'submitted':
    case 'screening':
      return 'info';
    case 'interview':
    case 'offer':
      return 'primary';
    case 'hired':
      return 'success';
    case 'rejected':
    case 'withdrawn':
      return 'neutral';
  }
}

export interface ApplicationCardProps {
  application: ApplicationSummary;
  /** Links keep the page's remembered params and tenant (spec §2). */
  linkFor: (path: string) => string;
}

/**
 * One application (issue 11): where it stands on the pipeline, what that means and what comes next, its
 * history, and Withdraw (with confirmation) while it is open.
 */
export function ApplicationCard({ application, linkFor }: ApplicationCardProps) {
  const { t, i18n } = useDashboardTranslation();
  const timeZone = useTimeZone();
  const titleId = useId();
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  const { stage } = application;
  const isOnPipeline = PIPELINE.includes(stage);
  const current = PIPELINE.indexOf(stage);
  const next = t(`stages.${stage}.next`);

  return (
    <article className={`dashboard-card application-card application-card--${stage}`} aria-labelledby={titleId}>
      <header className="dashboard-card__header">
        <div className="dashboard-card__heading">
          <h3 id={titleId} className="dashboard-card__title" dir="auto">
            <Link to={linkFor(jobPath(application.position_id))}>{application.position.name}</Link>
          </h3>
          <p className="dashboard-card__meta">
            <span>{t('applications.applied', { date: formatDate(application.submitted_at, i18n.language, timeZone) })}</span>
            <span aria-hidden="true">·</span>
            <span>{t('applications.updated', { ago: formatAgo(application.updated_at, i18n.language) })}</span>
          </p>
        </div>
        <Badge tone={stageTone(stage)}>{t(`stages.${stage}.label`)}</Badge>
      </header>

      {isOnPipeline ? (
        <ol className="stage-track" aria-label={t('applications.progress')}>
          {PIPELINE.map((step, index) => {
            const state = index < current ? 'done' : index === current ? 'current' : 'todo';
            return (
              <li key={step} className={`stage-track__step stage-track__step--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
                <span className="stage-track__dot" aria-hidden="true" />
                <span className="stage-track__label">{t(`stages.${step}.label`)}</span>
              </li>
            );
          })}
        </ol>
      ) : null}

      <dl className="application-card__facts">
        <div>
          <dt>{t('applications.meaning')}</dt>
          <dd>{t(`stages.${stage}.meaning`)}</dd>
        </div>
        {next ? (
          <div>
            <dt>{t('applications.next')}</dt>
            <dd>{next}</dd>
          </div>
        ) : null}
      </dl>

      {application.timeline.length > 0 ? (
        <details className="application-card__history">
          <summary>{t('applications.historyCount', { count: application.timeline.length })}</summary>
          <ol className="timeline">
            {[...application.timeline].reverse().map((event, index) => (
              <li key={`${event.at}-${index}`} className="timeline__item">
                <span className="timeline__stage">{t(`stages.${event.to}.label`)}</span>
                <time className="timeline__time" dateTime={event.at}>
                  {formatDate(event.at, i18n.language, timeZone)}
                </time>
                {event.reason ? <p className="timeline__reason">{translateWithBdi(t, 'applications.reason', { reason: event.reason })}</p> : null}
              </li>
            ))}
          </ol>
        </details>
      ) : null}

      {application.can_withdraw || stage === 'offer' ? (
        <footer className="dashboard-card__actions">
          {stage === 'offer' ? (
            <Link className={buttonClassName('primary', 'sm')} to={linkFor(ROUTES.offers)}>
              {t('applications.viewOffer')}
            </Link>
          ) : null}
          {application.can_withdraw ? (
            <Button
              variant="tertiary"
              size="sm"
              className="application-card__withdraw"
              aria-label={t('applications.withdrawFor', { position: isolate(application.position.name) })}
              onClick={() => setIsWithdrawing(true)}
            >
              {t('applications.withdraw')}
            </Button>
          ) : null}
        </footer>
      ) : null}
      {isWithdrawing ? <WithdrawModal application={application} isOpen onClose={() => setIsWithdrawing(false)} /> : null}
    </article>
  );
}
