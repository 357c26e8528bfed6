import type { CandidateEvent } from '@careers/contracts';
import { useId } from 'react';
import { isolate } from '../../../ui/bdi';
import { Badge } from '../../../ui/badge';
import { buttonClassName } from '../../../ui/button';
import { useEvents } from '../api/events';
import { useDashboardTranslation } from '../dashboard-i18n';
import { formatMeeting } from '../dashboard-time';
import { useTimeZone } from '../../../lib/session';
import { MeetingDate } from './meeting-date';
import { ListSection } from './list-section';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';
import './dashboard.css';

/** spec §3 events: the ones the candidate registered for (with the registration's state), then open ones. */
export function EventsPanel() {
  const { t } = useDashboardTranslation();
  const query = useEvents();
  const zone = useTimeZone();

  if (query.isPending) return <PanelSkeleton label={t('loading', { section: t('tabs.events') })} cards={2} />;
  if (query.isError) return <PanelError message={t('fetchFailed')} onRetry={() => void query.refetch()} />;
  const { registered, open } = query.data;
  if (registered.length === 0 && open.length === 0) return <PanelEmpty title={t('events.emptyTitle')} text={t('events.emptyText')} />;
  return (
    <div className="dashboard-sections">
      {registered.length > 0 ? (
        <ListSection title={t('events.registered')} items={registered} keyOf={(event) => event.id} renderItem={(event) => <EventCard event={event} viewerZone={zone} />} />
      ) : null}
      {open.length > 0 ? (
        <ListSection title={t('events.open')} items={open} keyOf={(event) => event.id} renderItem={(event) => <EventCard event={event} viewerZone={zone} />} />
      ) : null}
    </div>
  );
}

function EventCard({ event, viewerZone }: { event: CandidateEvent; viewerZone: string }) {
  const { t, i18n } = useDashboardTranslation();
  const locale = i18n.language;
  const titleId = useId();
  const when = formatMeeting(event.starts_at, event.ends_at, locale, viewerZone);
  const status = event.registration_status;
  return (
    <article className="dashboard-card meeting-card" aria-labelledby={titleId}>
      <div className="meeting-card__body">
        <MeetingDate iso={event.starts_at} locale={locale} timeZone={viewerZone} />
        <div className="dashboard-card__heading">
          <div className="meeting-card__title-row">
            <h3 id={titleId} className="dashboard-card__title" dir="auto">
              {event.title}
            </h3>
            <Badge tone={status === 'registered' ? 'success' : status === 'attended' ? 'primary' : 'neutral'}>
              {status ? t(`events.registration.${status}`) : t('events.notRegistered')}
            </Badge>
          </div>
          <p className="meeting-card__when">
            <time dateTime={event.starts_at}>{when.day}</time>
            <span aria-hidden="true"> · </span>
            <span>{when.time}</span>
          </p>
          <p className="dashboard-card__meta">
            <span>{event.location ?? t('events.online')}</span>
            {event.seats_left !== null && status === null ? (
              <>
                <span aria-hidden="true">·</span>
                <span>{t('events.seatsLeft', { count: event.seats_left })}</span>
              </>
            ) : null}
          </p>
          {event.description ? (
            <p className="meeting-card__notes" dir="auto">
              {event.description}
            </p>
          ) : null}
        </div>
      </div>
      {event.url ? (
        <div className="dashboard-card__actions">
          <a className={buttonClassName('secondary', 'sm')} href={event.url} target="_blank" rel="noopener noreferrer" aria-label={t('events.detailsFor', { title: isolate(event.title) })}>
            {t('events.details')}
          </a>
        </div>
      ) : null}
    </article>
  );
}
