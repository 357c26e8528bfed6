import type { ApplyPosition } from '@careers/contracts';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { useApplyTranslation } from '../applications-i18n';
import { BdiJoin, isolate } from '../../../ui/bdi';

export interface ApplyJobsProps {
  positions: readonly ApplyPosition[];
  alreadyAppliedIds: ReadonlySet<number>;
  jobHref: (id: number) => string;
  /** Takes a job out of this application (several jobs only); the answers stay. */
  onRemove: (id: number) => void;
  isBusy: boolean;
}

const metaOf = (position: ApplyPosition): string => [position.department, position.location].filter(Boolean).join(' · ');

/**
 * What the candidate is applying to: one job as a summary card; several (from the cart) as a compact list, each
 * removable without losing an answer (issue 9 "make it the best part of applying").
 */
export function ApplyJobs({ positions, alreadyAppliedIds, jobHref, onRemove, isBusy }: ApplyJobsProps) {
  const { t } = useApplyTranslation();
  const [only] = positions;
  if (positions.length === 1 && only) {
    return (
      <section className="apply-jobs apply-jobs--single" aria-label={t('jobs.singleLabel')}>
        <p className="apply-jobs__eyebrow">{t('jobs.applyingFor')}</p>
        <Link className="apply-jobs__title" to={jobHref(only.id)} dir="auto">
          {only.name}
        </Link>
        {metaOf(only) ? <p className="apply-jobs__meta">
            <BdiJoin parts={[only.department, only.location]} />
          </p> : null}
      </section>
    );
  }
  return (
    <section className="apply-jobs" aria-labelledby="apply-jobs-heading">
      <div className="apply-jobs__head">
        <h2 id="apply-jobs-heading" className="apply-jobs__heading">
          {t('jobs.heading', { count: positions.length })}
        </h2>
        <p className="apply-jobs__hint">{t('jobs.hint')}</p>
      </div>
      <ul className="apply-jobs__list">
        {positions.map((position) => (
          <li key={position.id} className="apply-job">
            <div className="apply-job__text">
              <Link className="apply-job__title" to={jobHref(position.id)} dir="auto">
                {position.name}
              </Link>
              {metaOf(position) ? <span className="apply-job__meta">
                  <BdiJoin parts={[position.department, position.location]} />
                </span> : null}
              {alreadyAppliedIds.has(position.id) ? <span className="apply-job__flag">{t('jobs.alreadyApplied')}</span> : null}
            </div>
            <Button
              variant="tertiary"
              size="sm"
              disabled={isBusy}
              aria-label={t('jobs.removeLabel', { title: isolate(position.name) })}
              onClick={() => onRemove(position.id)}
            >
              {t('jobs.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
