import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { StateView } from '../../../ui/state-view';
import { formsListQueryOptions } from '../api/list-forms';
import { useFormsCenterCatalogue, useFormsCenterTranslation } from '../forms-center-i18n';
import { FormRequestCard, FormRequestCardSkeleton } from './form-request-card';
import '../../../ui/empty-panel.css';
import './forms-center.css';
import './onboarding-checklist.css';

/**
 * The onboarding page (spec §2 /careers/onboarding): what the company asked for before the first day — the
 * preboarding and document forms — as a checklist with progress; each form opens in the form view.
 */
export function OnboardingChecklist() {
  useFormsCenterCatalogue();
  const { t } = useFormsCenterTranslation();
  const [now] = useState(() => Date.now());
  const [open, inProgress, completed] = useQueries({
    queries: [formsListQueryOptions('open'), formsListQueryOptions('in_progress'), formsListQueryOptions('completed')],
  });
  const lists = [open, inProgress, completed];
  const isPending = lists.some((list) => list.isPending);
  const failed = lists.find((list) => list.isError);
  const toDo = [...(inProgress.data?.forms ?? []), ...(open.data?.forms ?? [])];
  const done = completed.data?.forms ?? [];
  const total = toDo.length + done.length;

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <header className="onboarding__header">
        <h1 id="onboarding-title" className="onboarding__title">
          {t('onboarding.title')}
        </h1>
        <p className="onboarding__intro">{t('onboarding.intro')}</p>
      </header>
      {isPending ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">{t('center.loading')}</span>
          <ul className="forms-center__items" aria-hidden="true">
            {[0, 1].map((index) => (
              <li key={index}>
                <FormRequestCardSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ) : failed ? (
        <StateView status="error" onRetry={() => lists.forEach((list) => void list.refetch())} />
      ) : total === 0 ? (
        <div className="ui-empty-panel">
          <p>{t('onboarding.none')}</p>
        </div>
      ) : (
        <>
          <div className="onboarding__progress">
            <label htmlFor="onboarding-progress" className="onboarding__progress-label">
              {t('onboarding.progressLabel')}
            </label>
            <progress id="onboarding-progress" className="onboarding__bar" max={total} value={done.length} />
            <p className="onboarding__progress-text">{toDo.length === 0 ? t('onboarding.allDone') : t('onboarding.progress', { done: done.length, total })}</p>
          </div>
          {toDo.length > 0 ? (
            <FormGroup title={t('onboarding.toDo')}>
              {toDo.map((form) => (
                <li key={form.id}>
                  <FormRequestCard form={form} now={now} />
                </li>
              ))}
            </FormGroup>
          ) : null}
          {done.length > 0 ? (
            <FormGroup title={t('onboarding.done')}>
              {done.map((form) => (
                <li key={form.id}>
                  <FormRequestCard form={form} now={now} />
                </li>
              ))}
            </FormGroup>
          ) : null}
        </>
      )}
    </section>
  );
}

function FormGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="onboarding__group" aria-label={title}>
      <h2 className="onboarding__group-title">{title}</h2>
      <ul className="forms-center__items">{children}</ul>
    </section>
  );
}
