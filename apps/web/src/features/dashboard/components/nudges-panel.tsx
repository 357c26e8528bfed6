import type { Nudge } from '@careers/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { numberFormat } from '../../../lib/intl';
import { formatAgo } from '../../../lib/position-format';
import { translateWithBdi } from '../../../ui/bdi';
import { Button, buttonClassName } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { useNudges } from '../api/nudges';
import { useDashboardTranslation } from '../dashboard-i18n';

/** Next steps shown before "Show all": one row on a desktop, so the tabs stay in sight. */
export const COLLAPSED_NUDGES = 4;

export interface NudgesPanelProps {
  linkFor: (path: string) => string;
}

/**
 * The candidate's next steps at the top of the dashboard (GET dashboard/nudges). A failure is the spec's
 * "Failed to fetch dashboard nudges" in place of the cards, never a toast: the tabs below still work.
 */
export function NudgesPanel({ linkFor }: NudgesPanelProps) {
  const { t } = useDashboardTranslation();
  const query = useNudges();
  const titleId = useId();
  const listId = useId();
  const [isExpanded, setIsExpanded] = useState(false);
  const nudges = query.data?.nudges ?? [];
  const shown = isExpanded ? nudges : nudges.slice(0, COLLAPSED_NUDGES);

  return (
    <section className="nudges" aria-labelledby={titleId} aria-busy={query.isPending || undefined}>
      <h2 id={titleId} className="nudges__title">
        {t('nudges.title')}
      </h2>
      {query.isPending ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('nudges.loading')}</span>
          <ul className="nudges__list" aria-hidden="true">
            {[0, 1, 2].map((index) => (
              <li key={index} className="nudge nudge--skeleton">
                <Skeleton height={18} width="70%" />
                <Skeleton height={14} lines={2} />
                <Skeleton height={32} width={120} />
              </li>
            ))}
          </ul>
        </div>
      ) : query.isError ? (
        <p className="nudges__failed" role="alert">
          {t('nudges.failed')}
        </p>
      ) : nudges.length === 0 ? (
        <p className="nudges__all-set">{t('nudges.allSet')}</p>
      ) : (
        <>
          <ul id={listId} className="nudges__list">
            {shown.map((nudge) => (
              <li key={nudge.id} className={`nudge nudge--${nudge.kind}`}>
                <NudgeCard nudge={nudge} linkFor={linkFor} />
              </li>
            ))}
          </ul>
          {nudges.length > COLLAPSED_NUDGES ? (
            <Button variant="tertiary" size="sm" className="nudges__toggle" aria-expanded={isExpanded} aria-controls={listId} onClick={() => setIsExpanded(!isExpanded)}>
              {isExpanded ? t('nudges.showFewer') : t('nudges.showAll', { count: nudges.length })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function NudgeCard({ nudge, linkFor }: { nudge: Nudge; linkFor: (path: string) => string }) {
  const { t, i18n } = useDashboardTranslation();
  const locale = i18n.language;
  const action = (label: string) => (
    <Link className={buttonClassName('secondary', 'sm', 'nudge__action')} to={linkFor(nudge.link)}>
      {label}
    </Link>
  );
  switch (nudge.kind) {
    case 'offer_action':
      return (
        <>
          <h3 className="nudge__title">{translateWithBdi(t, 'nudges.offer_action.title', { position: nudge.positionName })}</h3>
          <p className="nudge__text">
            {nudge.expiresAt ? t('nudges.offer_action.textExpires', { date: formatDate(nudge.expiresAt, locale) }) : t('nudges.offer_action.text')}
          </p>
          {action(t('nudges.offer_action.action'))}
        </>
      );
    case 'form_action':
      return (
        <>
          <h3 className="nudge__title">{translateWithBdi(t, 'nudges.form_action.title', { title: nudge.title })}</h3>
          <p className="nudge__text">{nudge.dueAt ? t('nudges.form_action.textDue', { date: formatDate(nudge.dueAt, locale) }) : t('nudges.form_action.text')}</p>
          {action(t('nudges.form_action.action'))}
        </>
      );
    case 'draft_open':
      return (
        <>
          <h3 className="nudge__title">{translateWithBdi(t, 'nudges.draft_open.title', { position: nudge.positionName })}</h3>
          <p className="nudge__text">{t('nudges.draft_open.text', { ago: formatAgo(nudge.updatedAt, locale) })}</p>
          {action(t('nudges.draft_open.action'))}
        </>
      );
    case 'complete_profile': {
      const parts = nudge.missing.map((part) => t(`nudges.complete_profile.parts.${part}`, { defaultValue: part }));
      const missing = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(parts);
      return (
        <>
          <h3 className="nudge__title">{t('nudges.complete_profile.title', { percent: nudge.percent })}</h3>
          <div
            className="nudge__meter"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={nudge.percent}
            aria-label={t('nudges.complete_profile.title', { percent: nudge.percent })}
          >
            <span style={{ inlineSize: `${nudge.percent}%` }} />
          </div>
          <p className="nudge__text">{t('nudges.complete_profile.text', { missing })}</p>
          {action(t('nudges.complete_profile.action'))}
        </>
      );
    }
    case 'upload_resume':
      return (
        <>
          <h3 className="nudge__title">{t('nudges.upload_resume.title')}</h3>
          <p className="nudge__text">{t('nudges.upload_resume.text')}</p>
          {action(t('nudges.upload_resume.action'))}
        </>
      );
    case 'strong_matches': {
      const percent = numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
      return (
        <>
          <h3 className="nudge__title">{t('nudges.strong_matches.title')}</h3>
          <p className="nudge__text">{t('nudges.strong_matches.text')}</p>
          <ul className="nudge__matches">
            {nudge.positions.map((position) => (
              <li key={position.id}>
                <Link to={linkFor(position.link)} dir="auto">
                  {position.name}
                </Link>
                <span className="nudge__score">{percent.format(position.score)}</span>
              </li>
            ))}
          </ul>
        </>
      );
    }
  }
}
