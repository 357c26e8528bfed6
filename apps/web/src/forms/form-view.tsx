import {
  formItems,
  isItemVisible,
  isViewModeItemType,
  resolveVisibility,
  type AnyFormItem,
  type Choice,
  type FormDefinition,
  type FormSection,
  type FormValues,
} from '@careers/contracts';
import { useId, useMemo, type ReactNode } from 'react';
import { formatDate } from '../lib/format';
import { dateTimeFormat, numberFormat } from '../lib/intl';
import { DisplayItem } from './fields/display-items';
import { useFormsCatalogue, useFormsTranslation } from './forms-i18n';
import { isolate } from '../ui/bdi';
import './form-view.css';

/**
 * View (read-only) mode (spec §3): the answers of a definition, by section, for the same item types as edit
 * mode except e-sign; email is plain text; star rating is absent. Hidden items (their condition false) are not
 * shown, like in edit mode. Identity numbers show only their last digits: a completed form stays on screen.
 */
export interface FormViewProps {
  definition: FormDefinition;
  values: FormValues;
  /** Shows the definition's title as the view's heading (off when the page has its own). */
  showTitle?: boolean;
  /** Rendered at the end of each section's heading row (the preboarding renderer's Edit action). */
  sectionAction?: (section: FormSection, index: number) => ReactNode;
}

export function FormView({ definition, values, showTitle = false, sectionAction }: FormViewProps) {
  useFormsCatalogue();
  const headingId = useId();
  const { scope } = useMemo(() => resolveVisibility(formItems(definition), values), [definition, values]);
  return (
    <div className="form-view" aria-labelledby={showTitle && definition.title ? headingId : undefined} role={showTitle ? 'region' : undefined}>
      {showTitle && definition.title ? (
        <h2 id={headingId} className="form-renderer__title" dir="auto">
          {definition.title}
        </h2>
      ) : null}
      {definition.sections.map((section, index) => (
        <FormViewSection key={section.id ?? index} section={section} values={values} scope={scope} action={sectionAction?.(section, index)} />
      ))}
    </div>
  );
}

export function FormViewSection({
  section,
  values,
  scope,
  action,
}: {
  section: FormSection;
  values: FormValues;
  scope: Readonly<Record<string, unknown>>;
  action?: ReactNode;
}) {
  const titleId = useId();
  const items = section.items.filter((item) => isViewModeItemType(item.type) && isItemVisible(item, scope));
  if (items.length === 0) return null;
  return (
    <section className="form-view__section" aria-labelledby={titleId}>
      <div className="form-view__section-head">
        <h3 id={titleId} className="form-section__title" dir="auto">
          {section.title}
        </h3>
        {action}
      </div>
      <dl className="form-view__list">
        {items.map((item, index) =>
          item.type === 'info' || item.type === 'instruction' ? (
            <div key={`display-${index}`} className="form-view__display">
              <DisplayItem item={item} />
            </div>
          ) : (
            <ViewEntry key={item.name ?? index} item={item} value={item.name === undefined ? undefined : values[item.name]} />
          ),
        )}
      </dl>
    </section>
  );
}

function ViewEntry({ item, value }: { item: AnyFormItem; value: unknown }) {
  return (
    <div className="form-view__entry">
      <dt className="form-view__label" dir="auto">
        {item.label ?? item.ariaLabel ?? item.name}
      </dt>
      <dd className="form-view__value" dir="auto">
        <ViewValue item={item} value={value} />
      </dd>
    </div>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

function choicesOf(item: AnyFormItem): readonly Choice[] {
  return item.selectOptions?.choices ?? item.radioOptions?.choices ?? item.checkboxOptions?.choices ?? [];
}

const choiceLabel = (item: AnyFormItem, value: unknown): string =>
  choicesOf(item).find((choice) => choice.value === value)?.label ?? String(value);

/** An identity number with all but its last digits hidden (•••-••-6789). */
export function maskIdentityNumber(value: string, visibleDigits: number): string {
  let remaining = value.replace(/\D/g, '').length - visibleDigits;
  return value.replace(/\d/g, (digit) => (remaining-- > 0 ? '•' : digit));
}

function useDayFormat() {
  const { i18n } = useFormsTranslation();
  return (value: string) =>
    /^\d{4}-\d{2}$/.test(value)
      ? dateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${value}-01T00:00:00Z`))
      : formatDate(`${value}T00:00:00Z`, i18n.language);
}

function ViewValue({ item, value }: { item: AnyFormItem; value: unknown }) {
  const { t, i18n } = useFormsTranslation();
  const formatDay = useDayFormat();
  if (isEmpty(value) && item.type !== 'checkbox') return <span className="form-view__none">{t('view.notAnswered')}</span>;
  switch (item.type) {
    case 'checkbox':
      return <>{value === true ? t('view.yes') : t('view.no')}</>;
    case 'checkboxItem':
      return <ViewList entries={(Array.isArray(value) ? value : [value]).map((entry) => choiceLabel(item, entry))} />;
    case 'select':
    case 'dropdown':
    case 'radio':
      return <>{choiceLabel(item, value)}</>;
    case 'date':
      return <>{typeof value === 'string' ? formatDay(value) : String(value)}</>;
    case 'dateRange': {
      const range = isRecord(value) ? value : {};
      const start = typeof range.startDate === 'string' && range.startDate ? formatDay(range.startDate) : '';
      const end = range.isCurrent === true ? t('view.present') : typeof range.endDate === 'string' && range.endDate ? formatDay(range.endDate) : '';
      return <>{t('view.range', { start, end })}</>;
    }
    case 'number': {
      const number = typeof value === 'number' ? value : Number(value);
      return <>{Number.isFinite(number) ? numberFormat(i18n.language).format(number) : String(value)}</>;
    }
    case 'ssn':
      return <span className="form-view__secret">{maskIdentityNumber(String(value), 4)}</span>;
    case 'sin':
      return <span className="form-view__secret">{maskIdentityNumber(String(value), 3)}</span>;
    case 'skillSelector':
      return <ViewList entries={Array.isArray(value) ? value.map(String) : [String(value)]} isChips />;
    case 'file_upload':
    case 'fileUpload':
    case 'embedded_form':
      return <ViewList entries={(Array.isArray(value) ? value : []).map((entry) => (isRecord(entry) && typeof entry.name === 'string' ? entry.name : t('view.file')))} />;
    case 'dynamicList':
      return <DynamicListView item={item} rows={Array.isArray(value) ? value : []} />;
    case 'email':
    case 'phone':
    case 'text':
    case 'textarea':
      return <span className="form-view__text">{String(value)}</span>;
    case 'info':
    case 'instruction':
    case 'esignForm':
    case 'star_rating':
      return null;
  }
}

function ViewList({ entries, isChips = false }: { entries: string[]; isChips?: boolean }) {
  return (
    <ul className={isChips ? 'form-view__chips' : 'form-view__files'}>
      {entries.map((entry, index) => (
        <li key={`${entry}-${index}`} dir="auto">
          {entry}
        </li>
      ))}
    </ul>
  );
}

function DynamicListView({ item, rows }: { item: AnyFormItem; rows: unknown[] }) {
  const { t } = useFormsTranslation();
  const fields = ('dynamicListOptions' in item ? item.dynamicListOptions?.items : undefined) ?? [];
  return (
    <ol className="form-view__rows">
      {rows.map((row, index) => (
        <li key={index} className="form-view__row" aria-label={t('list.row', { label: isolate(item.label ?? ''), number: index + 1 })}>
          <dl className="form-view__list form-view__list--nested">
            {fields
              .filter((field) => field.name !== undefined && isViewModeItemType(field.type) && field.type !== 'info' && field.type !== 'instruction')
              .map((field) => (
                <ViewEntry key={field.name} item={field} value={isRecord(row) ? row[field.name ?? ''] : undefined} />
              ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
