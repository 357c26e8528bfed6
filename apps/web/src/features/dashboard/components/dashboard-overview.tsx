import type { DashboardTab } from '@careers/contracts';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboardCatalogue, useDashboardTranslation } from '../dashboard-i18n';
import { NudgesPanel } from './nudges-panel';
import './dashboard.css';
import { translateWithBdi } from '../../../ui/bdi';

export interface OverviewSection {
  tab: DashboardTab;
  /** The section's full list. */
  href: string;
  content: ReactNode;
}

export interface DashboardOverviewProps {
  firstName: string | null;
  sections: readonly OverviewSection[];
  linkFor: (path: string) => string;
}

/**
 * Dashboard v2 (spec §2 "the v2 page when a behaviour flag says to redirect to dashboard v2"): no tabs — the
 * next steps, then every section at once as cards, each with its first items and a link to all of them.
 */
export function DashboardOverview({ firstName, sections, linkFor }: DashboardOverviewProps) {
  useDashboardCatalogue();
  const { t } = useDashboardTranslation();
  return (
    <div className="dashboard dashboard--overview">
      <header className="dashboard__header">
        <h1 className="dashboard__title">{firstName ? translateWithBdi(t, 'greeting', { name: firstName }) : t('greetingAnonymous')}</h1>
        <p className="dashboard__intro">{t('intro')}</p>
      </header>
      <NudgesPanel linkFor={linkFor} />
      <div className="overview-grid">
        {sections.map((section) => (
          <OverviewCard key={section.tab} section={section} />
        ))}
      </div>
    </div>
  );
}

function OverviewCard({ section }: { section: OverviewSection }) {
  const { t } = useDashboardTranslation();
  const titleId = useId();
  return (
    <section className={`overview-card overview-card--${section.tab}`} aria-labelledby={titleId}>
      <header className="overview-card__header">
        <h2 id={titleId} className="overview-card__title">
          {t(`tabs.${section.tab}`)}
        </h2>
        <Link to={section.href} className="overview-card__link" aria-label={`${t('viewAll')}: ${t(`tabs.${section.tab}`)}`}>
          {t('viewAll')}
        </Link>
      </header>
      <div className="overview-card__content">{section.content}</div>
    </section>
  );
}
