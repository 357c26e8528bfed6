import type { Insight } from '@careers/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { translateWithBdi } from '../../../ui/bdi';
import { Skeleton } from '../../../ui/skeleton';

export interface InsightsPanelProps {
  status: 'pending' | 'error' | 'success';
  insights: readonly Insight[] | undefined;
  headingLevel: 2 | 3;
}

/** Position insights (spec §3): figures derived from stored data; an insight without data is absent. */
export function InsightsPanel({ status, insights, headingLevel }: InsightsPanelProps) {
  const { t } = useTranslation('positions');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (status === 'success' && (!insights || insights.length === 0)) return null;
  return (
    <section className="job-panel insights-panel" aria-labelledby="insights-panel-title" aria-busy={status === 'pending' || undefined}>
      <div className="job-panel__header">
        <Heading id="insights-panel-title" className="job-panel__title">
          {t('insights.title')}
        </Heading>
      </div>
      {status === 'pending' ? (
        <Skeleton lines={3} />
      ) : status === 'error' || !insights ? (
        <p className="job-panel__muted">{t('insights.unavailable')}</p>
      ) : (
        <dl className="insights-panel__list">
          {insights.map((insight) => (
            <InsightItem key={insight.type} insight={insight} />
          ))}
        </dl>
      )}
    </section>
  );
}

function InsightItem({ insight }: { insight: Insight }) {
  const { t, i18n } = useTranslation('positions');
  const format = (value: number) => formatNumber(value, i18n.language);
  switch (insight.type) {
    case 'team_size':
      return (
        <div className="insights-panel__item">
          <dt>{t('insights.teamSize')}</dt>
          <dd>{translateWithBdi(t, 'insights.teamSizeValue', { department: insight.department }, { count: insight.positions, positions: format(insight.positions) })}</dd>
        </div>
      );
    case 'applicants_trend': {
      const total = insight.weeks.reduce((sum, week) => sum + week.count, 0);
      return (
        <div className="insights-panel__item">
          <dt>{t('insights.applicants')}</dt>
          <dd>
            <span>
              {t(`insights.trend.${insight.direction}`, {
                count: total,
                applicants: format(total),
                // The second number has its own plural forms ("in 1 week", "за 5 недель"), composed in.
                period: t('insights.trendPeriod', { count: insight.weeks.length, weeks: format(insight.weeks.length) }),
              })}
            </span>
            <TrendBars counts={insight.weeks.map((week) => week.count)} />
          </dd>
        </div>
      );
    }
    case 'time_to_hire':
      return (
        <div className="insights-panel__item">
          <dt>{t('insights.timeToHire')}</dt>
          <dd>
            {t('insights.timeToHireValue', {
              count: Math.round(insight.medianDays),
              days: format(Math.round(insight.medianDays)),
              sample: t('insights.timeToHireSample', { count: insight.sampleSize, hires: format(insight.sampleSize) }),
            })}
          </dd>
        </div>
      );
    case 'days_open':
      return (
        <div className="insights-panel__item">
          <dt>{t('insights.daysOpen')}</dt>
          <dd>{t('insights.daysOpenValue', { count: insight.days, days: format(insight.days) })}</dd>
        </div>
      );
  }
}

/** Weekly applications as small bars; decorative, the sentence beside it says the same. */
function TrendBars({ counts }: { counts: readonly number[] }) {
  const max = Math.max(1, ...counts);
  const width = 8;
  const gap = 3;
  return (
    <svg
      className="insights-panel__bars"
      viewBox={`0 0 ${counts.length * (width + gap)} 32`}
      width={counts.length * (width + gap)}
      height={32}
      aria-hidden="true"
    >
      {counts.map((count, index) => {
        const height = Math.max(2, Math.round((count / max) * 30));
        return <rect key={index} x={index * (width + gap)} y={32 - height} width={width} height={height} rx={2} />;
      })}
    </svg>
  );
}
