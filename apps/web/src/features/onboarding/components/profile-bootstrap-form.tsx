import type { AuthState, Profile } from '@careers/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { focusFirstError, knownFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { useProfileBootstrap } from '../api/profile-bootstrap';
import '../../../ui/form-layout.css';
import './profile-bootstrap-form.css';

type Field = 'firstName' | 'lastName' | 'location';
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'location'];

export interface ProfileBootstrapFormProps {
  profile: Profile | null;
  allowSkip: boolean;
  onDone: (state: AuthState) => void;
}

/** First name, last name and location before the first protected page (spec §2 "profile bootstrapping"). */
export function ProfileBootstrapForm({ profile, allowSkip, onDone }: ProfileBootstrapFormProps) {
  const { t } = useTranslation('account');
  const [values, setValues] = useState<Record<Field, string>>({
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    location: profile?.location ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingAction, setPendingAction] = useState<'continue' | 'skip' | null>(null);
  const mutation = useProfileBootstrap();

  const send = (form: HTMLFormElement | null, skip: boolean) => {
    setPendingAction(skip ? 'skip' : 'continue');
    setFormError(null);
    mutation.mutate(
      skip ? { skip: true } : { firstName: values.firstName.trim(), lastName: values.lastName.trim(), location: values.location.trim() },
      {
        onSuccess: onDone,
        onError: (error) => {
          const { known, hasKnown } = knownFieldErrors(FIELDS, error instanceof ApiError ? error.fields : {});
          setErrors(known);
          if (hasKnown) focusFirstError(form, FIELDS, known);
          else setFormError(errorMessage(t, error));
        },
        onSettled: () => setPendingAction(null),
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.firstName.trim()) found.firstName = t('bootstrap.errors.required', { field: t('bootstrap.fields.firstName') });
    if (!values.lastName.trim()) found.lastName = t('bootstrap.errors.required', { field: t('bootstrap.fields.lastName') });
    setErrors(found);
    if (focusFirstError(event.currentTarget, FIELDS, found)) return;
    send(event.currentTarget, false);
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  return (
    <form className="ui-form" onSubmit={onSubmit} noValidate>
      <div className="ui-form__error" role="alert">
        {formError}
      </div>
      <div className="ui-form__row">
        <TextField {...field('firstName')} label={t('bootstrap.fields.firstName')} autoComplete="given-name" required />
        <TextField {...field('lastName')} label={t('bootstrap.fields.lastName')} autoComplete="family-name" required />
      </div>
      <TextField
        {...field('location')}
        label={t('bootstrap.fields.location')}
        hint={t('bootstrap.hints.location')}
        autoComplete="address-level2"
      />
      <div className="bootstrap-form__actions">
        <Button type="submit" isLoading={pendingAction === 'continue'} disabled={pendingAction === 'skip'}>
          {t('bootstrap.continue')}
        </Button>
        {allowSkip ? (
          <Button variant="tertiary" onClick={(event) => send(event.currentTarget.form, true)} isLoading={pendingAction === 'skip'} disabled={pendingAction === 'continue'}>
            {t('bootstrap.skip')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
