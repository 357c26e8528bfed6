import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Skeleton } from './skeleton';
import './state-view.css';

export type StateViewProps =
  | { status: 'loading'; lines?: number; label?: string }
  | { status: 'empty'; message?: string; action?: ReactNode }
  | { status: 'error'; message?: string; onRetry?: () => void };

/** The three non-content states of any list or panel (spec §8 "State views"). */
export function StateView(props: StateViewProps) {
  const { t } = useTranslation();
  switch (props.status) {
    case 'loading':
      return (
        <div className="ui-state-view ui-state-view--loading" role="status" aria-live="polite">
          <span className="visually-hidden">{props.label ?? t('ui.stateView.loading')}</span>
          <Skeleton lines={props.lines ?? 3} />
        </div>
      );
    case 'empty':
      return (
        <div className="ui-state-view">
          <p className="ui-state-view__message">{props.message ?? t('ui.stateView.empty')}</p>
          {props.action}
        </div>
      );
    case 'error':
      return (
        <div className="ui-state-view ui-state-view--error" role="alert">
          <p className="ui-state-view__message">{props.message ?? t('ui.stateView.error')}</p>
          {props.onRetry ? (
            <Button variant="secondary" size="sm" onClick={props.onRetry}>
              {t('ui.stateView.retry')}
            </Button>
          ) : null}
        </div>
      );
  }
}
