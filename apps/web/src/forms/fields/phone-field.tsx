import { callingCodeOf, joinPhone, splitPhone, type PhoneState } from '@careers/contracts';
import { useMemo, useState, type FocusEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormMethods } from '../form-methods';
import { useFormsTranslation } from '../forms-i18n';
import { chosenCountry, countryOptions, type CountryOption } from './country-options';
import { ControlledField, type FieldProps } from './field-frame';

interface PhoneFieldProps extends FieldProps {
  defaultCountry: string;
}

/**
 * The country list of one field. A closed list shows only its choice, so the ~240 options are put in the list
 * only when the candidate reaches for it (focus, a pointer or a touch: React renders them before the list opens).
 * Their names usually come ready from the form definition's worker (country-options.ts); opening the apply page
 * then costs no country list at all (issue 9, P6: ~100 ms of a phone's main thread for a form with a phone field).
 */
function useCountryOptions(selected: string | undefined): { options: readonly CountryOption[]; reach: () => void } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [isReached, setReached] = useState(false);
  const options = useMemo(() => (isReached ? countryOptions(language) : chosenCountry(language, selected)), [isReached, language, selected]);
  return {
    options,
    reach: () => {
      if (!isReached) setReached(true);
    },
  };
}

/**
 * phone (spec §3): a country (with its calling code) and a number; the value is the calling code joined
 * with the number ('+44 20 7946 0958'), judged by the engine's form phone check.
 */
export function PhoneField({ item, name, defaultCountry }: PhoneFieldProps) {
  const { t } = useFormsTranslation();
  const { getValues } = useFormMethods();
  const country = item.phoneOptions?.defaultCountryCode ?? defaultCountry;
  const [state, setState] = useState<PhoneState>(() => {
    const initial: unknown = getValues(name);
    if (typeof initial === 'string' && initial.trim() !== '') return splitPhone(initial, country);
    return { callingCode: callingCodeOf(country), number: '', selectedCountryCode: country };
  });
  // A value set from outside (filled from a resume) is shown: the state follows whenever the value is not its own.
  const value: unknown = useWatch({ name });
  const [seen, setSeen] = useState<unknown>(value);
  if (value !== seen) {
    setSeen(value);
    if (typeof value === 'string' && value.trim() !== '' && value !== joinPhone(state)) setState(splitPhone(value, country));
  }
  const countries = useCountryOptions(state.selectedCountryCode);

  return (
    <ControlledField
      item={item}
      name={name} isGroup
      render={(field, { inputId, isInvalid }) => {
        const change = (next: PhoneState) => {
          setState(next);
          field.onChange(joinPhone(next));
        };
        const onBlur = (event: FocusEvent<HTMLElement>) => {
          const group = event.currentTarget.closest('fieldset');
          if (!group?.contains(event.relatedTarget as Node | null)) field.onBlur();
        };
        return (
          <div className="form-phone">
            <div className="form-phone__country">
              <label htmlFor={`${inputId}-country`}>{item.phoneOptions?.selectPlaceholder ?? t('phone.country')}</label>
              <select
                id={`${inputId}-country`}
                className="ui-field__input"
                value={state.selectedCountryCode ?? ''}
                onChange={(event) => change({ ...state, selectedCountryCode: event.target.value, callingCode: callingCodeOf(event.target.value) })}
                onBlur={onBlur}
                onFocus={countries.reach}
                onPointerDown={countries.reach}
                onTouchStart={countries.reach}
                disabled={item.disabled}
              >
                {countries.options.map((entry) => (
                  <option key={entry.country} value={entry.country}>
                    {t('phone.countryOption', { country: entry.name, code: entry.callingCode })}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-phone__number">
              <label htmlFor={`${inputId}-number`}>{item.phoneOptions?.textInputPlaceholder ?? t('phone.number')}</label>
              <input
                ref={field.ref}
                id={`${inputId}-number`}
                type="tel"
                className="ui-field__input"
                value={state.number}
                autoComplete={item.phoneOptions?.autocomplete ?? 'tel-national'}
                onChange={(event) => change({ ...state, number: event.target.value })}
                onBlur={(event) => {
                  const trimmed = event.target.value.trim();
                  if (trimmed !== state.number) change({ ...state, number: trimmed });
                  onBlur(event);
                }}
                disabled={item.disabled}
                required={item.required}
                aria-invalid={isInvalid || undefined}
              />
            </div>
          </div>
        );
      }}
    />
  );
}
