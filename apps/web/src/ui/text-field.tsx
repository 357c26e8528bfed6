import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown beneath the field and tied to it with aria-describedby. */
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
  /** A control drawn inside the field at its end (the password field's show toggle). */
  endAdornment?: ReactNode;
}

/** A labelled input with its hint and error beneath; required fields carry an asterisk (spec §5). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, required, className, endAdornment, ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ui-field', error ? 'ui-field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="ui-field__label" htmlFor={inputId}>
        {label}
        {required ? (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {endAdornment ? (
        <div className="ui-field__control">
          <input
            {...rest}
            ref={ref}
            id={inputId}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="ui-field__input ui-field__input--adorned"
          />
          <div className="ui-field__adornment">{endAdornment}</div>
        </div>
      ) : (
        <input
          {...rest}
          ref={ref}
          id={inputId}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="ui-field__input"
        />
      )}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
});
