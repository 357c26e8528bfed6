import { resolveVisibility, type FormItem } from '@careers/contracts';
import { useEffect, type ReactNode } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useFormMethods } from '../form-methods';
import { isolate, translateWithBdi } from '../../ui/bdi';
import { Button } from '../../ui/button';
import { useFormsTranslation } from '../forms-i18n';
import { FieldFrame } from './field-frame';

function countRule(item: FormItem, type: 'minLength' | 'maxLength'): number | undefined {
  const rule = item.rules?.find((candidate) => candidate.type === type);
  return rule?.type === type ? rule.value : undefined;
}

interface DynamicListFieldProps {
  item: FormItem;
  name: string;
  /** The form's values as conditions see them: a row's fields see these and the row's own. */
  scope: Readonly<Record<string, unknown>>;
  renderRowField: (rowItem: FormItem, path: string) => ReactNode;
}

/**
 * dynamicList (spec §4): rows of the same fields. It starts with one blank row when its minimum is above
 * zero; a row can be deleted only while there are more rows than the minimum; Add is hidden at the maximum.
 */
export function DynamicListField({ item, name, scope, renderRowField }: DynamicListFieldProps) {
  const { t } = useFormsTranslation();
  const { control } = useFormMethods();
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = useWatch({ control, name }) as unknown;
  const options = item.dynamicListOptions;
  const rowItems = (options?.items ?? []) as FormItem[];
  const min = countRule(item, 'minLength') ?? 0;
  const max = countRule(item, 'maxLength');
  const blankRow = options?.itemDefaultValue ?? {};
  const label = item.label ?? item.ariaLabel ?? '';

  useEffect(() => {
    if (fields.length === 0 && min > 0) append(blankRow, { shouldFocus: false });
    // Only on first render: a list the candidate emptied on purpose stays empty until they add a row.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <FieldFrame item={item} name={name} isGroup>
      {() => (
        <div className="form-list">
          {fields.map((row, index) => {
            const values = Array.isArray(rows) && typeof rows[index] === 'object' && rows[index] !== null ? (rows[index] as Record<string, unknown>) : {};
            const { hidden } = resolveVisibility(rowItems, { ...scope, ...values });
            const rowLabel = t('list.row', { label: isolate(label), number: index + 1 });
            return (
              <div key={row.id} className="form-list__row" role="group" aria-label={rowLabel}>
                {rowItems.map((rowItem, itemIndex) =>
                  rowItem.name !== undefined && hidden.has(rowItem.name) ? null : (
                    <div key={rowItem.name ?? `display-${itemIndex}`}>{renderRowField(rowItem, `${name}.${index}.${rowItem.name ?? ''}`)}</div>
                  ),
                )}
                {fields.length > min ? (
                  <Button type="button" variant="secondary" onClick={() => remove(index)} aria-label={t('list.remove', { row: rowLabel })}>
                    {t('actions.remove')}
                  </Button>
                ) : null}
              </div>
            );
          })}
          {max === undefined || fields.length < max ? (
            <Button type="button" variant="secondary" onClick={() => append(blankRow)}>
              {options?.addButton?.text ?? translateWithBdi(t, 'list.add', { label })}
            </Button>
          ) : null}
        </div>
      )}
    </FieldFrame>
  );
}
