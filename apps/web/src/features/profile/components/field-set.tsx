import { useId } from 'react';
import { TextField } from '../../../ui/text-field';
import { useProfileTranslation } from '../profile-i18n';

/** One field of an editor form, described once and drawn by FieldSet (text, month, long text, checkbox, choice). */
export type FieldSpec =
  | { name: string; label: string; kind: 'text' | 'url' | 'tel' | 'month'; required?: boolean; hint?: string; autoComplete?: string }
  | { name: string; label: string; kind: 'textarea'; required?: boolean }
  | { name: string; label: string; kind: 'checkbox' }
  | { name: string; label: string; kind: 'select'; options: { value: string; label: string }[] };

export type FormValues = Record<string, string | boolean>;

interface FieldSetProps {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (name: string, value: string | boolean) => void;
}

/** The fields of one editor, labelled, each with its error beneath and tied to it (aria-describedby). */
export function FieldSet({ fields, values, errors, onChange }: FieldSetProps) {
  const baseId = useId();
  const { t } = useProfileTranslation();
  return (
    <div className="profile-form__grid">
      {fields.map((field) => {
        const id = `${baseId}-${field.name}`;
        const error = errors[field.name];
        if (field.kind === 'checkbox') {
          return (
            <label key={field.name} className="profile-form__check" htmlFor={id}>
              <input id={id} type="checkbox" checked={values[field.name] === true} onChange={(event) => onChange(field.name, event.target.checked)} />
              {field.label}
            </label>
          );
        }
        if (field.kind === 'textarea' || field.kind === 'select') {
          const errorId = error ? `${id}-error` : undefined;
          return (
            <div key={field.name} className={`ui-field profile-form__wide${error ? ' ui-field--invalid' : ''}`}>
              <label className="ui-field__label" htmlFor={id}>
                {field.label}
              </label>
              {field.kind === 'textarea' ? (
                <textarea
                  id={id}
                  className="ui-field__input profile-form__textarea"
                  rows={4}
                  value={String(values[field.name] ?? '')}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={errorId}
                  onChange={(event) => onChange(field.name, event.target.value)}
                />
              ) : (
                <select
                  id={id}
                  className="ui-field__input"
                  value={String(values[field.name] ?? '')}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={errorId}
                  onChange={(event) => onChange(field.name, event.target.value)}
                >
                  <option value="">{t('fields.noProficiency')}</option>
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
              {error ? (
                <p id={errorId} className="ui-field__error">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        return (
          <TextField
            key={field.name}
            id={id}
            label={field.label}
            type={field.kind}
            required={field.required}
            hint={field.hint}
            autoComplete={field.autoComplete}
            placeholder={field.kind === 'month' ? 'YYYY-MM' : undefined}
            value={String(values[field.name] ?? '')}
            error={error}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        );
      })}
    </div>
  );
}
