import { addDaysToDate, isRealDate, type DateBound, type DateRangeValue } from '@careers/contracts';
import type { FocusEvent } from 'react';
import { useFormMethods } from '../form-methods';
import { useFormsTranslation } from '../forms-i18n';
import { ControlledField, FieldFrame, type FieldProps } from './field-frame';

/** spec §5: enableFrom/enableUntil: 0 is today, a number counts days from today, or a date. */
function boundToDate(bound: DateBound | undefined, today: string): string | undefined {
  if (bound === undefined) return undefined;
  return typeof bound === 'number' ? addDaysToDate(today, bound) : bound;
}

type Picker = 'date' | 'month';

function inputType(picker: string | undefined, fallback: Picker): Picker {
  return picker === 'date' ? 'date' : picker === 'month' ? 'month' : fallback;
}

function toPicker(date: string, picker: Picker): string {
  return picker === 'month' ? date.slice(0, 7) : date;
}

interface DateFieldProps extends FieldProps {
  today: string;
}

/** date: a native date (or month) input, limited to enableFrom..enableUntil. */
export function DateField({ item, name, today }: DateFieldProps) {
  const { register } = useFormMethods();
  const picker = inputType(item.dateOptions?.picker, 'date');
  const min = boundToDate(item.dateOptions?.enableFrom, today);
  const max = boundToDate(item.dateOptions?.enableUntil, today);
  return (
    <FieldFrame item={item} name={name}>
      {({ inputId, describedBy, isInvalid }) => (
        <input
          {...register(name)}
          id={inputId}
          type={picker}
          className="ui-field__input"
          min={min && toPicker(min, picker)}
          max={max && toPicker(max, picker)}
          readOnly={item.dateOptions?.readonly || undefined}
          disabled={item.disabled}
          required={item.required}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}

function asRange(value: unknown): DateRangeValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as DateRangeValue) : {};
}

/** A date the input gave back, or null: dates that do not parse are cleared (spec §4). */
function parsedDate(text: string): string | null {
  return isRealDate(text) ? text : null;
}

/**
 * dateRange (spec §4): start and end (months by default) and, when configured, a "current" checkbox.
 * Ticking it marks the range current and ends it today; unticking with an end missing clears the range.
 * A half-filled range is kept while the candidate works on it; the engine then asks for both ends.
 */
export function DateRangeField({ item, name, today }: DateFieldProps) {
  const { t } = useFormsTranslation();
  const options = item.dateRangeOptions;
  const picker = inputType(options?.picker, 'month');
  const [startPlaceholder, endPlaceholder] = options?.rangePickerPlaceholder ?? [t('dateRange.start'), t('dateRange.end')];
  return (
    <ControlledField
      item={item}
      name={name} isGroup
      render={(field, { inputId, isInvalid }) => {
        const range = asRange(field.value);
        const update = (next: DateRangeValue) => {
          const isBlank = !next.startDate && !next.endDate && !next.isCurrent;
          field.onChange(isBlank ? null : next);
        };
        // The group is one field: it is judged when focus leaves the group, not between its inputs.
        const onBlur = (event: FocusEvent<HTMLElement>) => {
          const group = event.currentTarget.closest('fieldset');
          if (!group?.contains(event.relatedTarget as Node | null)) field.onBlur();
        };
        return (
          <div className="form-range">
            <div className="form-range__end">
              <label htmlFor={`${inputId}-start`}>{startPlaceholder}</label>
              <input
                ref={field.ref}
                id={`${inputId}-start`}
                type={picker}
                className="ui-field__input"
                value={range.startDate ? toPicker(range.startDate, picker) : ''}
                onChange={(event) => update({ ...range, startDate: parsedDate(event.target.value) })}
                onBlur={onBlur}
                disabled={item.disabled}
                aria-invalid={isInvalid || undefined}
              />
            </div>
            <div className="form-range__end">
              <label htmlFor={`${inputId}-end`}>{endPlaceholder}</label>
              <input
                id={`${inputId}-end`}
                type={picker}
                className="ui-field__input"
                value={range.endDate ? toPicker(range.endDate, picker) : ''}
                onChange={(event) => update({ ...range, endDate: parsedDate(event.target.value) })}
                onBlur={onBlur}
                disabled={item.disabled || range.isCurrent === true}
                aria-invalid={isInvalid || undefined}
              />
            </div>
            {options?.showCurrentCheck ? (
              <div className="form-field__option form-range__current">
                <input
                  id={`${inputId}-current`}
                  type="checkbox"
                  checked={range.isCurrent === true}
                  onChange={(event) => {
                    if (event.target.checked) update({ ...range, isCurrent: true, endDate: toPicker(today, picker) });
                    else if (!range.startDate || !range.endDate) field.onChange(null);
                    else update({ ...range, isCurrent: false });
                  }}
                  onBlur={onBlur}
                  disabled={item.disabled}
                />
                <label htmlFor={`${inputId}-current`}>{options.currentCheckboxPlaceholder ?? t('dateRange.current')}</label>
              </div>
            ) : null}
          </div>
        );
      }}
    />
  );
}
