import { PASSWORD_MIN_LENGTH } from '@careers/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './settings.css';
import { errorMessage } from '../../../lib/errors';
import { focusFirstError, knownFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { useToast } from '../../../ui/toast';
import { TextField } from '../../../ui/text-field';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword';
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword'];

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const toast = useToast();
  const mutation = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const showErrors = (found: Partial<Record<Field, string>>) => {
      setErrors(found);
      return focusFirstError(form, FIELDS, found);
    };
    setFormError(null);
    const found: Partial<Record<Field, string>> = {};
    if (!values.currentPassword) found.currentPassword = t('password.errors.currentRequired');
    if (!values.newPassword) found.newPassword = t('password.errors.newRequired');
    else if (values.newPassword.length < PASSWORD_MIN_LENGTH)
      found.newPassword = t('password.errors.tooShort', { count: PASSWORD_MIN_LENGTH });
    else if (values.newPassword === values.currentPassword) found.newPassword = t('password.errors.sameAsCurrent');
    if (showErrors(found)) return;
    mutation.mutate(values, {
      onSuccess: () => {
        setValues({ currentPassword: '', newPassword: '' });
        toast.show({ message: t('password.success'), style: 'success' });
      },
      onError: (error) => {
        const { known } = knownFieldErrors(FIELDS, error instanceof ApiError ? error.fields : {});
        if (!showErrors(known)) setFormError(errorMessage(t, error));
      },
    });
  };

  const field = (name: Field) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    required: true,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-labelledby="settings-password-heading">
      <div className="settings-form__error" role="alert">
        {formError}
      </div>
      <TextField {...field('currentPassword')} label={t('password.current')} autoComplete="current-password" />
      <TextField
        {...field('newPassword')}
        label={t('password.new')}
        autoComplete="new-password"
        hint={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
      />
      <div>
        <Button type="submit" isLoading={mutation.isPending}>
          {t('password.submit')}
        </Button>
      </div>
    </form>
  );
}
