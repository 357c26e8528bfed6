import { NOT_APPLICABLE_VALUE, sameScalar, selectOptionsUrl, type Choice, type ChoiceValue } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useFormMethods } from '../form-methods';
import { http } from '../../lib/http';
import { useFormsTranslation } from '../forms-i18n';
import { ControlledField, FieldFrame, type FieldProps } from './field-frame';
import { selectOptionsAnswer } from './select-options-answer';
import { Bdi } from '../../ui/bdi';

function indexOfChoice(choices: readonly Choice[], value: unknown): number {
  return choices.findIndex((choice) => sameScalar(value, choice.value));
}

function sortedChoices(choices: readonly Choice[], order: 'ascending' | 'descending' | undefined): Choice[] {
  if (order === undefined) return [...choices];
  const sorted = [...choices].sort((a, b) => a.label.localeCompare(b.label));
  return order === 'descending' ? sorted.reverse() : sorted;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

interface KeepValueProps {
  value: unknown;
  onChange: (value: unknown) => void;
  choices: readonly Choice[];
  isOnlyNotApplicable: boolean;
}

/** spec §4: the lone N/A is chosen for the candidate; a value that is not among the options is reset. */
function KeepValueAmongChoices({ value, onChange, choices, isOnlyNotApplicable }: KeepValueProps) {
  useEffect(() => {
    if (isOnlyNotApplicable) {
      if (value !== NOT_APPLICABLE_VALUE) onChange(NOT_APPLICABLE_VALUE);
    } else if (!isEmpty(value) && indexOfChoice(choices, value) === -1) {
      onChange('');
    }
  }, [value, onChange, choices, isOnlyNotApplicable]);
  return null;
}

interface SelectControlProps extends FieldProps {
  choices: readonly Choice[];
  /** False while options load: a value is only reset once the options it should be among are known. */
  isLoaded: boolean;
}

function SelectControl({ item, name, choices, isLoaded }: SelectControlProps) {
  const { t } = useFormsTranslation();
  const isOnlyNotApplicable = choices.length === 1 && choices[0]?.value === NOT_APPLICABLE_VALUE;
  return (
    <ControlledField
      item={item}
      name={name}
      render={(field, { inputId, describedBy, isInvalid }) => (
        <>
          {isLoaded ? <KeepValueAmongChoices value={field.value} onChange={field.onChange} choices={choices} isOnlyNotApplicable={isOnlyNotApplicable} /> : null}
          <select
            ref={field.ref}
            id={inputId}
            name={field.name}
            className="ui-field__input form-field__select"
            value={String(indexOfChoice(choices, field.value))}
            onChange={(event) => {
              const choice = choices[Number(event.target.value)];
              field.onChange(choice ? choice.value : '');
            }}
            onBlur={field.onBlur}
            // The lone N/A stays in the submitted values: the DOM control is disabled, not the form field.
            disabled={isOnlyNotApplicable || item.disabled}
            required={item.required}
            aria-invalid={isInvalid || undefined}
            aria-describedby={describedBy}
            aria-busy={isLoaded ? undefined : true}
          >
            <option value="-1">{item.selectOptions?.placeholder ?? t('select.placeholder')}</option>
            {choices.map((choice, index) => (
              <option key={`${String(choice.value)}-${index}`} value={String(index)} dir="auto">
                {choice.label}
              </option>
            ))}
          </select>
        </>
      )}
    />
  );
}

/** spec §8: a select with no choices offers Not Applicable. */
function withNotApplicable(choices: readonly Choice[], notApplicableLabel: string): Choice[] {
  return choices.length > 0 ? [...choices] : [{ label: notApplicableLabel, value: NOT_APPLICABLE_VALUE }];
}

function StaticSelectField({ item, name }: FieldProps) {
  const { t } = useFormsTranslation();
  const choices = withNotApplicable(sortedChoices(item.selectOptions?.choices ?? [], item.selectOptions?.choicesSortOrder), t('select.notApplicable'));
  return <SelectControl item={item} name={name} choices={choices} isLoaded />;
}

/**
 * Options from the select's apiEndpoint (spec §7): {{parentValue}} is the first dependency's value; loaded
 * once per address (never stale, no refetch on focus, retried). Until the parent has a value there is
 * nothing to choose, and a value left from another parent is reset.
 */
function RemoteSelectField({ item, name, apiEndpoint }: FieldProps & { apiEndpoint: string }) {
  const { t } = useFormsTranslation();
  const parentName = item.dependencies?.[0];
  const parentValue: unknown = useWatch({ name: parentName ?? name });
  const url = selectOptionsUrl(apiEndpoint, parentName === undefined ? undefined : parentValue);
  const query = useQuery({
    queryKey: ['form-select-options', url],
    queryFn: ({ signal }) => http.get(url as string, { signal }, selectOptionsAnswer),
    enabled: url !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 2,
  });
  const loaded = sortedChoices(query.data?.data.options ?? [], item.selectOptions?.choicesSortOrder);
  const choices = url === null ? [] : query.isSuccess ? withNotApplicable(loaded, t('select.notApplicable')) : loaded;
  return <SelectControl item={item} name={name} choices={choices} isLoaded={url === null || query.isSuccess} />;
}

/**
 * select and dropdown. spec §4: a single N/A option is chosen for the candidate and the field disabled; a
 * value that is not among the (loaded) options is reset.
 */
export function SelectField({ item, name }: FieldProps) {
  const apiEndpoint = item.selectOptions?.apiEndpoint;
  return apiEndpoint === undefined ? <StaticSelectField item={item} name={name} /> : <RemoteSelectField item={item} name={name} apiEndpoint={apiEndpoint} />;
}

interface OptionGroupProps {
  name: string;
  inputId: string;
  choices: readonly Choice[];
  isChecked: (value: ChoiceValue) => boolean;
  onToggle: (value: ChoiceValue, isChecked: boolean) => void;
  onBlur: () => void;
  focusRef: (element: HTMLInputElement | null) => void;
  type: 'radio' | 'checkbox';
  direction: string | undefined;
  isDisabled: boolean | undefined;
  isInvalid: boolean;
}

function OptionGroup({ name, inputId, choices, isChecked, onToggle, onBlur, focusRef, type, direction, isDisabled, isInvalid }: OptionGroupProps) {
  const isRow = direction === 'horizontal' || direction === 'row';
  return (
    <div className={`form-field__options${isRow ? ' form-field__options--row' : ''}`}>
      {choices.map((choice, index) => {
        const id = `${inputId}-${index}`;
        return (
          <div key={id} className="form-field__option">
            <input
              ref={index === 0 ? focusRef : undefined}
              id={id}
              type={type}
              name={name}
              checked={isChecked(choice.value)}
              onChange={(event) => onToggle(choice.value, event.target.checked)}
              onBlur={onBlur}
              disabled={isDisabled}
              // Radios carry no aria-invalid (not a radio property); their fieldset is described by the error.
              aria-invalid={type === 'checkbox' && isInvalid ? true : undefined}
            />
            <label htmlFor={id}>
              <Bdi>{choice.label}</Bdi>
            </label>
          </div>
        );
      })}
    </div>
  );
}

/** radio: one choice; null or empty string is no answer (spec §5). */
export function RadioField({ item, name }: FieldProps) {
  const choices = item.radioOptions?.choices ?? [];
  return (
    <ControlledField
      item={item}
      name={name} isGroup
      render={(field, { inputId, isInvalid }) => (
        <OptionGroup
          name={field.name}
          inputId={inputId}
          choices={choices}
          type="radio"
          isChecked={(value) => field.value !== undefined && sameScalar(field.value, value)}
          onToggle={(value) => {
            field.onChange(value);
            // A choice is a finished answer: judged now, so its error leaves with the click that fixed it
            // rather than at the next press elsewhere (which the page would then move out from under).
            field.onBlur();
          }}
          onBlur={field.onBlur}
          focusRef={field.ref}
          direction={item.radioOptions?.direction}
          isDisabled={item.disabled}
          isInvalid={isInvalid}
        />
      )}
    />
  );
}

/** checkboxItem: a group of checkboxes holding the list of chosen values. */
export function CheckboxGroupField({ item, name }: FieldProps) {
  const choices = item.checkboxOptions?.choices ?? [];
  return (
    <ControlledField
      item={item}
      name={name} isGroup
      render={(field, { inputId, isInvalid }) => {
        const chosen: unknown[] = Array.isArray(field.value) ? field.value : [];
        return (
          <OptionGroup
            name={field.name}
            inputId={inputId}
            choices={choices}
            type="checkbox"
            isChecked={(value) => chosen.some((entry) => sameScalar(entry, value))}
            onToggle={(value, isChecked) =>
              field.onChange(isChecked ? choices.map((choice) => choice.value).filter((entry) => entry === value || chosen.some((old) => sameScalar(old, entry))) : chosen.filter((entry) => !sameScalar(entry, value)))
            }
            onBlur={field.onBlur}
            focusRef={field.ref}
            direction={item.checkboxOptions?.direction}
            isDisabled={item.disabled}
            isInvalid={isInvalid}
          />
        );
      }}
    />
  );
}

/** checkbox: one box holding true or false; required means it must be ticked (consent). */
export function CheckboxField({ item, name }: FieldProps) {
  const { register } = useFormMethods();
  return (
    <FieldFrame item={item} name={name} isLabelAfter>
      {({ inputId, describedBy, isInvalid }) => (
        <input
          {...register(name)}
          id={inputId}
          type="checkbox"
          className="form-field__checkbox"
          disabled={item.disabled}
          required={item.required}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
