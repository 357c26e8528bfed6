import { FORM_REQUEST_STATUSES, type FormRequestStatus } from '@careers/contracts';
import { useState } from 'react';
import { StateView } from '../../../ui/state-view';
import { Tabs } from '../../../ui/tabs';
import { useFormsList } from '../api/list-forms';
import { useFormsCenterCatalogue, useFormsCenterTranslation } from '../forms-center-i18n';
import { FormRequestCard, FormRequestCardSkeleton } from './form-request-card';
import '../../../ui/empty-panel.css';
import './forms-center.css';

export const isFormTab = (value: string | null): value is FormRequestStatus => FORM_REQUEST_STATUSES.includes(value as FormRequestStatus);

/**
 * The forms center (spec §2 /careers/forms/center, §7 forms_list): tabs Open, In progress and Completed with
 * their counts (include_tab_list), one card per form, skeletons while loading, a helpful empty state per tab,
 * and "An error occurred while retrieving data" with a retry.
 */
export function FormsCenter({ tab, onTabChange }: { tab: FormRequestStatus; onTabChange: (tab: FormRequestStatus) => void }) {
  useFormsCenterCatalogue();
  const { t } = useFormsCenterTranslation();
  const list = useFormsList(tab);
  const [now] = useState(() => Date.now());
  const counts = new Map(list.data?.tabs?.map((entry) => [entry.id, entry.count]));
  const tabs = FORM_REQUEST_STATUSES.map((id) => {
    const label = t(`center.tabs.${id}` as const);
    const count = counts.get(id);
    return { id, label: count === undefined ? label : <TabLabel label={label} count={count} /> };
  });
  const isShowingOtherTab = list.isPlaceholderData;

  return (
    <section className="forms-center" aria-labelledby="forms-center-title">
      <header className="forms-center__header">
        <h1 id="forms-center-title" className="forms-center__title">
          {t('center.title')}
        </h1>
        <p className="forms-center__intro">{t('center.intro')}</p>
      </header>
      <Tabs tabs={tabs} selectedId={tab} onSelect={onTabChange} label={t('center.tabsLabel')}>
        <div aria-busy={list.isPending || isShowingOtherTab || undefined}>
          {list.isPending ? (
            <div role="status" aria-live="polite">
              <span className="visually-hidden">{t('center.loading')}</span>
              <ul className="forms-center__items" aria-hidden="true">
                {[0, 1, 2].map((index) => (
                  <li key={index}>
                    <FormRequestCardSkeleton />
                  </li>
                ))}
              </ul>
            </div>
          ) : list.isError ? (
            <StateView status="error" onRetry={() => void list.refetch()} />
          ) : list.data.forms.length === 0 ? (
            <div className="ui-empty-panel">
              <p className="forms-center__empty-title">{t(`center.empty.${tab}.title`)}</p>
              <p className="forms-center__empty-hint">{t(`center.empty.${tab}.hint`)}</p>
            </div>
          ) : (
            <ul className={isShowingOtherTab ? 'forms-center__items forms-center__items--stale' : 'forms-center__items'}>
              {list.data.forms.map((form) => (
                <li key={form.id}>
                  <FormRequestCard form={form} now={now} headingLevel={2} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </Tabs>
    </section>
  );
}

function TabLabel({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      <span className="forms-center__count" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">{` (${count})`}</span>
    </>
  );
}
