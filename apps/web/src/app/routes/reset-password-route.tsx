import { PASSWORD_MIN_LENGTH } from '@careers/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../features/auth/api/password-reset';
import { errorMessage } from '../../lib/errors';
import { ApiError } from '../../lib/http';
import { loginPath } from '../../lib/paths';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { PasswordField } from '../../ui/password-field';
import '../../ui/form-layout.css';
import { PageContainer } from '../shell/page-container';

/**
 * /careers/reset-password?token=… (issue 12): where the reset email's link lands. A new password with
 * sign-up's rules; on success every session has ended, and the candidate signs in with it.
 */
export function ResetPasswordRoute() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const reset = useResetPassword();
  const signIn = loginPath({ domain: searchParams.get('domain') ?? undefined });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem =
      password.length === 0
        ? t('errors.required', { field: t('reset.newPassword') })
        : password.length < PASSWORD_MIN_LENGTH
          ? t('errors.passwordTooShort', { count: PASSWORD_MIN_LENGTH })
          : undefined;
    setFieldError(problem);
    setFormError(null);
    if (problem) return;
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          if (fields.password) setFieldError(fields.password);
          else setFormError(fields.token ?? errorMessage(t, error));
        },
      },
    );
  };

  return (
    <PageContainer pageId="login" title={t('reset.title')} width="narrow">
      <Card padding="lg">
        {!token ? (
          <p role="alert">
            {t('reset.missingToken')} <Link to={signIn}>{t('reset.requestNew')}</Link>
          </p>
        ) : reset.isSuccess ? (
          <div role="status">
            <p>{t('reset.success')}</p>
            <Link to={signIn}>{t('reset.signIn')}</Link>
          </div>
        ) : (
          <form className="ui-form" onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
            <div className="ui-form__error" role="alert">
              {formError}
              {formError ? (
                <>
                  {' '}
                  <Link to={signIn}>{t('reset.requestNew')}</Link>
                </>
              ) : null}
            </div>
            <PasswordField
              name="password"
              label={t('reset.newPassword')}
              autoComplete="new-password"
              value={password}
              error={fieldError}
              hint={fieldError ? undefined : t('hints.password', { count: PASSWORD_MIN_LENGTH })}
              onChange={(event) => {
                setPassword(event.target.value);
                setFieldError(undefined);
              }}
              required
            />
            <Button type="submit" isLoading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </form>
        )}
      </Card>
    </PageContainer>
  );
}
