import { interviewCalendarPath, type CandidateInterview } from '@careers/contracts';
import { useId } from 'react';
import { apiUrl } from '../../../lib/http';
import { isolate, translateWithBdi } from '../../../ui/bdi';
import { Badge } from '../../../ui/badge';
import { buttonClassName } from '../../../ui/button';
import { useInterviews } from '../api/interviews';
import { useDashboardTranslation } from '../dashboard-i18n';
import { formatMeeting, timeZoneLabel } from '../dashboard-time';
import { useTimeZone } from '../../../lib/session';
import { MeetingDate } from './meeting-date';
import { ListSection } from './list-section';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';
import './dashboard.css';

export interface InterviewsPanelProps {
  /** Show at most this many upcoming interviews and no past ones (the overview's card). */
  limit?: number;
}

/**
 * spec §3 interviews (issue 11): upcoming and past, in the candidate's time zone through Intl — with the time where
 * the interview was arranged when that differs — each with its calendar file to download.
 */
export function InterviewsPanel({ limit }: InterviewsPanelProps) {
  const { t, i18n } = useDashboardTranslation();
  const query = useInterviews();
  const zone = useTimeZone();

  if (query.isPending) return <PanelSkeleton label={t('loading', { section: t('tabs.interviews') })} cards={2} />;
  if (query.isError) return <PanelError message={t('fetchFailed')} onRetry={() => void query.refetch()} />;
  const { upcoming, past } = query.data;
  if (upcoming.length === 0 && past.length === 0) return <PanelEmpty title={t('interviews.emptyTitle')} text={t('interviews.emptyText')} />;
  return (
    <div className="dashboard-sections">
      <p className="dashboard-section__hint">{t('interviews.timeZone', { zone: timeZoneLabel(i18n.language, zone) })}</p>
      <ListSection
        title={t('interviews.upcoming')}
        items={upcoming}
        shown={limit === undefined ? upcoming : upcoming.slice(0, limit)}
        none={t('interviews.noUpcoming')}
        keyOf={(interview) => interview.id}
        renderItem={(interview) => <InterviewCard interview={interview} viewerZone={zone} />}
      />
      {limit === undefined && past.length > 0 ? (
        <ListSection title={t('interviews.past')} items={past} keyOf={(interview) => interview.id} renderItem={(interview) => <InterviewCard interview={interview} viewerZone={zone} isPast />} />
      ) : null}
    </div>
  );
}

function InterviewCard({ interview, viewerZone, isPast = false }: { interview: CandidateInterview; viewerZone: string; isPast?: boolean }) {
  const { t, i18n } = useDashboardTranslation();
  const locale = i18n.language;
  const titleId = useId();
  const when = formatMeeting(interview.starts_at, interview.ends_at, locale, viewerZone);
  const arranged = interview.time_zone !== viewerZone ? formatMeeting(interview.starts_at, interview.ends_at, locale, interview.time_zone) : null;
  const isCanceled = interview.status === 'canceled';
  // Each name isolated on its own, between the list's own words ("and" in the page's language).
  const interviewers = interview.interviewers.length > 0 ? new Intl.ListFormat(locale, { type: 'conjunction' }).format(interview.interviewers.map(isolate)) : null;
  const title = interview.position_name ?? t('interviews.untitled');

  return (
    <article className={`dashboard-card meeting-card${isCanceled ? ' meeting-card--canceled' : ''}${isPast ? ' meeting-card--past' : ''}`} aria-labelledby={titleId}>
      <div className="meeting-card__body">
        <MeetingDate iso={interview.starts_at} locale={locale} timeZone={viewerZone} />
        <div className="dashboard-card__heading">
          <div className="meeting-card__title-row">
            <h3 id={titleId} className="dashboard-card__title" dir="auto">
              {title}
            </h3>
            {interview.status === 'scheduled' ? null : (
              <Badge tone={isCanceled ? 'danger' : 'warning'}>{t(`interviews.status.${interview.status}`)}</Badge>
            )}
          </div>
          <p className="meeting-card__when">
            <time dateTime={interview.starts_at}>{when.day}</time>
            <span aria-hidden="true"> · </span>
            <span>{when.time}</span>
          </p>
          {arranged ? <p className="dashboard-card__meta">{translateWithBdi(t, 'interviews.arranged', { zone: interview.time_zone }, { time: `${arranged.day}, ${arranged.time}` })}</p> : null}
          <p className="dashboard-card__meta">
            <span>{t(`interviews.kinds.${interview.kind}`)}</span>
            {interview.location ? (
              <>
                <span aria-hidden="true">·</span>
                <span dir="auto">{interview.location}</span>
              </>
            ) : null}
          </p>
          {interviewers ? <p className="dashboard-card__meta">{t('interviews.with', { names: interviewers })}</p> : null}
          {interview.notes ? <p className="meeting-card__notes">{interview.notes}</p> : null}
        </div>
      </div>
      {isPast ? null : (
        <div className="dashboard-card__actions">
          {interview.meeting_url && !isCanceled ? (
            <a className={buttonClassName('primary', 'sm')} href={interview.meeting_url} target="_blank" rel="noopener noreferrer">
              {t('interviews.join')}
            </a>
          ) : null}
          <a
            className={buttonClassName('secondary', 'sm')}
            href={apiUrl(interviewCalendarPath(interview.id))}
            download
            aria-label={t('interviews.calendarFor', { date: when.day })}
          >
            {t('interviews.calendar')}
          </a>
        </div>
      )}
    </article>
  );
}
