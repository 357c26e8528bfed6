import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useRequestPasswordReset } from '../api/password-reset';
import './forgot-password.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issue 12: "Forgot password?" under the sign-in form. Opens a small request form in place (its own form,
 * not nested in the sign-in one); the answer is the same whether the address has an account or not.
 */
export function ForgotPassword({ initialEmail = '' }: { initialEmail?: string }) {
  const { t, i18n } = useTranslation('auth');
  const [isOpen, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const titleId = useId();

  if (!isOpen) {
    return (
      <div className="forgot-password">
        <Button
          variant="tertiary"
          size="sm"
          className="forgot-password__open"
          onClick={() => {
            setEmail(initialEmail.trim());
            setOpen(true);
          }}
        >
          {t('forgot.open')}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? t('errors.required', { field: t('fields.email') }) : EMAIL_PATTERN.test(value) ? undefined : t('errors.email');
    setError(problem);
    if (problem) return;
    request.mutate({ email: value, locale: i18n.language }, { onSuccess: () => setSentTo(value), onError: (failure) => setError(errorMessage(t, failure)) });
  };

  return (
    <section className="forgot-password forgot-password__panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="forgot-password__title">
        {t('forgot.title')}
      </h2>
      {sentTo ? (
        <p className="forgot-password__sent" role="status">
          {translateWithBdi(t, 'forgot.sent', { email: sentTo })}
        </p>
      ) : (
        <form className="ui-form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          <p>{t('forgot.intro')}</p>
          <TextField
            name="reset-email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <Button type="submit" isLoading={request.isPending}>
            {t('forgot.submit')}
          </Button>
        </form>
      )}
      <Button variant="tertiary" size="sm" onClick={() => setOpen(false)}>
        {t('forgot.cancel')}
      </Button>
    </section>
  );
}
