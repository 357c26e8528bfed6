import { applyPath, jobPath, type CandidateReferral } from '@careers/contracts';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { useTimeZone } from '../../../lib/session';
import { isolate, translateWithBdi } from '../../../ui/bdi';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { buttonClassName } from '../../../ui/button';
import { useReferrals } from '../api/referrals';
import { useDashboardTranslation } from '../dashboard-i18n';
import { PanelEmpty, PanelError, PanelSkeleton } from './panel-states';
import './dashboard.css';

const STATUS_TONE: Record<CandidateReferral['status'], BadgeTone> = {
  referred: 'warning',
  applied: 'info',
  interviewing: 'primary',
  hired: 'success',
  not_selected: 'neutral',
};

/** spec §3 referrals (behind gates.referralWithCandidateApplicationGate): who referred the candidate, and for what. */
export function ReferralsPanel({ linkFor }: { linkFor: (path: string) => string }) {
  const { t } = useDashboardTranslation();
  const query = useReferrals();

  if (query.isPending) return <PanelSkeleton label={t('loading', { section: t('tabs.referrals') })} cards={1} />;
  if (query.isError) return <PanelError message={t('fetchFailed')} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <PanelEmpty title={t('referrals.emptyTitle')} text={t('referrals.emptyText')} />;
  return (
    <ul className="dashboard-list">
      {query.data.map((referral) => (
        <li key={referral.id}>
          <ReferralCard referral={referral} linkFor={linkFor} />
        </li>
      ))}
    </ul>
  );
}

function ReferralCard({ referral, linkFor }: { referral: CandidateReferral; linkFor: (path: string) => string }) {
  const { t, i18n } = useDashboardTranslation();
  const timeZone = useTimeZone();
  const titleId = useId();
  const name = referral.position_name ?? t('referrals.general');
  return (
    <article className="dashboard-card" aria-labelledby={titleId}>
      <div className="dashboard-card__header">
        <div className="dashboard-card__heading">
          <h3 id={titleId} className="dashboard-card__title" dir="auto">
            {referral.position_id !== null ? <Link to={linkFor(jobPath(referral.position_id))}>{name}</Link> : name}
          </h3>
          <p className="dashboard-card__meta">
            <span>{translateWithBdi(t, 'referrals.referredBy', { name: referral.referrer_name })}</span>
            <span aria-hidden="true">·</span>
            <span>{t('referrals.referredOn', { date: formatDate(referral.created_at, i18n.language, timeZone) })}</span>
          </p>
        </div>
        <Badge tone={STATUS_TONE[referral.status]}>{t(`referrals.status.${referral.status}`)}</Badge>
      </div>
      {referral.status === 'referred' && referral.position_id !== null ? (
        <div className="dashboard-card__actions">
          <Link className={buttonClassName('primary', 'sm')} to={linkFor(applyPath(referral.position_id))} aria-label={t('referrals.applyFor', { position: isolate(name) })}>
            {t('referrals.apply')}
          </Link>
        </div>
      ) : null}
    </article>
  );
}
