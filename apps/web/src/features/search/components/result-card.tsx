import { optionLabel, type SearchOptionsMap, type SearchPosition } from '@careers/contracts';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAgo, formatSalaryRange } from '../../../lib/position-format';
import { Badge } from '../../../ui/badge';
import { BdiJoin } from '../../../ui/bdi';

export interface ResultCardProps {
  position: SearchPosition;
  href: string;
  isSelected: boolean;
  searchOptionsMap: SearchOptionsMap;
  /** Desktop: show the job beside the list instead of following the link. */
  onSelect?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/** One search result: the title is the link (stretched over the card), the facts read as plain text. */
export function ResultCard({ position, href, isSelected, searchOptionsMap, onSelect }: ResultCardProps) {
  const { t, i18n } = useTranslation('positions');
  const employmentType = optionLabel('employment_type', position.employment_type, searchOptionsMap);
  const typeLabel = employmentType !== position.employment_type ? employmentType : t(`employmentType.${position.employment_type}`);
  return (
    <article className={`result-card${isSelected ? ' result-card--selected' : ''}`}>
      <h3 className="result-card__title" dir="auto">
        <Link to={href} state={{ fromSearch: true }} className="result-card__link" aria-current={isSelected ? 'true' : undefined} onClick={onSelect}>
          {position.name}
        </Link>
      </h3>
      <p className="result-card__meta">
        <BdiJoin parts={[position.department, typeLabel]} />
      </p>
      <p className="result-card__location">
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="12" cy="9.5" r="2.5" fill="currentColor" />
        </svg>
        <span dir={position.location ? 'auto' : undefined}>{position.location || t('workOption.remote')}</span>
      </p>
      <div className="result-card__facts">
        {position.work_location_option !== 'onsite' ? (
          <Badge tone="info">{t(`workOption.${position.work_location_option}`)}</Badge>
        ) : null}
        {position.salary ? (
          <span className="result-card__salary">
            {t(`salary.${position.salary.period}`, { range: formatSalaryRange(position.salary, i18n.language) })}
          </span>
        ) : null}
        <span className="result-card__posted">{t('posted', { ago: formatAgo(position.posted_at, i18n.language) })}</span>
      </div>
    </article>
  );
}
