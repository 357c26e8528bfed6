import type { DashboardTab } from '@careers/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs } from '../../../ui/tabs';
import './dashboard.css';
import { useDashboardCatalogue, useDashboardTranslation } from '../dashboard-i18n';
import { NudgesPanel } from './nudges-panel';
import { translateWithBdi } from '../../../ui/bdi';

export interface DashboardPageProps {
  /** The candidate's first name for the greeting, when known. */
  firstName: string | null;
  tabs: readonly DashboardTab[];
  selectedTab: DashboardTab;
  onSelectTab: (tab: DashboardTab) => void;
  /** The selected tab's content (the route composes the panels, some from other features). */
  children: ReactNode;
  linkFor: (path: string) => string;
}

/**
 * /careers/dashboard (spec §2, issue 11): the candidate's home — a greeting, their next steps, and the tabs of
 * dashboardConfig.tabs. The selected tab lives in the address (`?tab=`), so a reload or a shared link keeps it.
 */
export function DashboardPage({ firstName, tabs, selectedTab, onSelectTab, children, linkFor }: DashboardPageProps) {
  useDashboardCatalogue();
  const { t } = useDashboardTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  // On a phone the tab list scrolls sideways: keep the selected tab in sight (a link to ?tab=events included).
  useEffect(() => {
    const tab = rootRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    const list = tab?.parentElement;
    if (!tab || !list || list.scrollWidth <= list.clientWidth) return;
    const start = tab.offsetLeft - list.offsetLeft;
    if (start < list.scrollLeft || start + tab.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo({ left: start - (list.clientWidth - tab.offsetWidth) / 2 });
    }
  }, [selectedTab]);
  return (
    <div className="dashboard" ref={rootRef}>
      <header className="dashboard__header">
        <h1 className="dashboard__title">{firstName ? translateWithBdi(t, 'greeting', { name: firstName }) : t('greetingAnonymous')}</h1>
        <p className="dashboard__intro">{t('intro')}</p>
      </header>
      <NudgesPanel linkFor={linkFor} />
      {tabs.length > 0 ? (
        <Tabs tabs={tabs.map((id) => ({ id, label: t(`tabs.${id}`) }))} selectedId={selectedTab} onSelect={onSelectTab} label={t('tabsLabel')}>
          {children}
        </Tabs>
      ) : null}
    </div>
  );
}
