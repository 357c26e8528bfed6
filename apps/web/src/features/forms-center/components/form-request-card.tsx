import type { FormRequestStatus } from '@careers/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { formViewPath } from '../../../lib/paths';
import { isolate } from '../../../ui/bdi';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { buttonClassName } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { useFormsCenterTranslation } from '../forms-center-i18n';
import './form-request-card.css';

export interface FormRequestCardData {
  id: string;
  title: string;
  status: FormRequestStatus;
  requested_at: string;
  due_at: string | null;
  completed_at: string | null;
}

export const STATUS_TONE: Record<FormRequestStatus, BadgeTone> = { open: 'info', in_progress: 'warning', completed: 'success' };

const ACTION_KEY: Record<FormRequestStatus, 'card.start' | 'card.continue' | 'card.view'> = {
  open: 'card.start',
  in_progress: 'card.continue',
  completed: 'card.view',
};

/**
 * One requested form (spec §7 forms_list): its title, status, when it was requested, its due date if any (past
 * due in the warning colour while not submitted), and the action: Start, Continue or View.
 */
/** `headingLevel`: the card's title sits one level below the page's nearest heading (2 right under the page's h1). */
export function FormRequestCard({ form, now, headingLevel = 3 }: { form: FormRequestCardData; now: number; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useFormsCenterTranslation();
  const titleId = useId();
  const isOverdue = form.status !== 'completed' && form.due_at !== null && Date.parse(form.due_at) < now;
  const action = t(ACTION_KEY[form.status]);
  return (
    <article className={`form-card form-card--${form.status}`} aria-labelledby={titleId}>
      <div className="form-card__main">
        <div className="form-card__heading">
          <Heading id={titleId} className="form-card__title" dir="auto">
            {form.title}
          </Heading>
          <Badge tone={STATUS_TONE[form.status]}>{t(`status.${form.status}`)}</Badge>
        </div>
        <p className="form-card__meta">
          <span>{t('card.requested', { date: formatDate(form.requested_at, i18n.language) })}</span>
          {form.status === 'completed' && form.completed_at ? (
            <span>{t('card.completed', { date: formatDate(form.completed_at, i18n.language) })}</span>
          ) : form.due_at ? (
            <span className={isOverdue ? 'form-card__due form-card__due--overdue' : 'form-card__due'}>
              {t(isOverdue ? 'card.overdue' : 'card.due', { date: formatDate(form.due_at, i18n.language) })}
            </span>
          ) : null}
        </p>
      </div>
      <Link
        to={formViewPath(form.id)}
        className={buttonClassName(form.status === 'completed' ? 'secondary' : 'primary', 'md', 'form-card__action')}
        aria-label={t('card.actionFor', { action, title: isolate(form.title) })}
      >
        {action}
      </Link>
    </article>
  );
}

export function FormRequestCardSkeleton() {
  return (
    <div className="form-card form-card--skeleton">
      <div className="form-card__main">
        <Skeleton height={22} width="50%" />
        <Skeleton height={16} width="35%" />
      </div>
      <Skeleton height={44} width={120} />
    </div>
  );
}
