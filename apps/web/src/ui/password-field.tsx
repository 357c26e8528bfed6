import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './text-field';
import './password-field.css';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'>;

/**
 * A password input with a show/hide toggle (issue 8 §6: sign-in had none). The toggle is a button whose
 * name comes from its text ("Show password") with aria-pressed for its state, so the field keeps its own
 * label as its only name; it never submits the form.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField({ id, ...rest }, ref) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `password-${generatedId}`;
  const [isShown, setShown] = useState(false);
  return (
    <TextField
      {...rest}
      ref={ref}
      id={inputId}
      type={isShown ? 'text' : 'password'}
      // Shown passwords are still passwords: no spelling or autocorrection services.
      spellCheck={false}
      autoCapitalize="none"
      endAdornment={
        <button
          type="button"
          className="ui-password-toggle"
          aria-pressed={isShown}
          aria-controls={inputId}
          onClick={() => setShown((shown) => !shown)}
        >
          <EyeIcon isCrossed={isShown} />
          <span className="visually-hidden">{t('ui.password.show')}</span>
        </button>
      }
    />
  );
});

function EyeIcon({ isCrossed }: { isCrossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      {isCrossed ? <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </svg>
  );
}
