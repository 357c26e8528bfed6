import type { ReactNode } from 'react';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { useDashboardTranslation } from '../dashboard-i18n';
import '../../../ui/empty-panel.css';

/** A tab's loading state: card-shaped skeletons, announced once. */
export function PanelSkeleton({ label, cards = 3 }: { label: string; cards?: number }) {
  return (
    <div role="status" aria-live="polite" className="dashboard-panel__loading">
      <span className="visually-hidden">{label}</span>
      <ul className="dashboard-list" aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          <li key={index} className="dashboard-card dashboard-card--skeleton">
            <Skeleton height={20} width="50%" />
            <Skeleton height={14} width="30%" />
            <Skeleton height={14} width="80%" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A tab's error state: the spec's "Failed to fetch data", and a way to try again. */
export function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useDashboardTranslation();
  return (
    <div className="dashboard-panel__error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** A tab with nothing yet: what will appear here, and where to go meanwhile. */
export function PanelEmpty({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="ui-empty-panel dashboard-panel__empty">
      <h2 className="dashboard-panel__empty-title">{title}</h2>
      <p>{text}</p>
      {action}
    </div>
  );
}
