import { PASSWORD_MIN_LENGTH, type AuthState } from '@careers/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthFlow, AuthTab } from '../../../lib/auth-modal';
import { useBootData } from '../../../lib/boot-data';
import { errorMessage } from '../../../lib/errors';
import { focusFirstError, knownFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { PasswordField } from '../../../ui/password-field';
import { Tabs } from '../../../ui/tabs';
import { TextField } from '../../../ui/text-field';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { signInErrors, signUpErrors, type FieldErrors } from '../auth-validation';
import { ForgotPassword } from './forgot-password';
import '../../../ui/form-layout.css';
import './auth-forms.css';

export interface AuthFormsProps {
  initialTab?: AuthTab;
  /** Told when the candidate switches tabs (the login page's heading follows the tab). */
  onTabChange?: (tab: AuthTab) => void;
  /** Runs after the server accepted the credentials; the form keeps its busy state until it settles. */
  onAuthenticated: (state: AuthState, flow: AuthFlow) => void | Promise<void>;
}

/** "Sign in" / "Create account" tabs, shared by the auth modal and the /careers/login page. */
export function AuthForms({ initialTab = 'signIn', onTabChange, onAuthenticated }: AuthFormsProps) {
  const { t } = useTranslation('auth');
  const { loginSignupConfig } = useBootData().tenant.config;
  const [tab, setTab] = useState<AuthTab>(initialTab);

  if (!loginSignupConfig.candidateLoginEnabled) {
    return (
      <p className="auth-forms__disabled" role="alert">
        {t('disabled.login')}
      </p>
    );
  }
  if (!loginSignupConfig.candidateSignupEnabled) {
    return <SignInForm onAuthenticated={onAuthenticated} />;
  }
  return (
    <Tabs
      label={t('tabs.label')}
      tabs={[
        { id: 'signIn', label: t('tabs.signIn') },
        { id: 'signUp', label: t('tabs.signUp') },
      ]}
      selectedId={tab}
      onSelect={(next) => {
        setTab(next);
        onTabChange?.(next);
      }}
    >
      {tab === 'signIn' ? <SignInForm onAuthenticated={onAuthenticated} /> : <SignUpForm onAuthenticated={onAuthenticated} />}
    </Tabs>
  );
}

type Errors<Field extends string> = FieldErrors<Field>;

/** Shared mechanics of both forms: values, client checks, server errors in place, focus on the first error. */
function useAuthForm<Field extends string>(fields: readonly Field[], initial: Record<Field, string>) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<Errors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isFinishing, setFinishing] = useState(false);

  return {
    values,
    fieldErrors,
    formError,
    isFinishing,
    setFinishing,
    register(field: Field) {
      return {
        name: field,
        value: values[field],
        error: fieldErrors[field],
        onChange: (event: { target: { value: string } }) => {
          const value = event.target.value;
          setValues((current) => ({ ...current, [field]: value }));
          if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
        },
      };
    },
    /** Shows client-side errors; true when the form may be sent. */
    check(form: HTMLFormElement, errors: Errors<Field>): boolean {
      setFieldErrors(errors);
      setFormError(null);
      return !focusFirstError(form, fields, errors);
    },
    showServerError(form: HTMLFormElement, error: unknown, fallback: (error: unknown) => string) {
      const { known, hasKnown, hasUnknown } = knownFieldErrors(fields, error instanceof ApiError ? error.fields : {});
      setFieldErrors(known);
      setFormError(hasKnown && !hasUnknown ? null : fallback(error));
      focusFirstError(form, fields, known);
    },
  };
}

function FormError({ message }: { message: string | null }) {
  return (
    <div className="ui-form__error" role="alert">
      {message}
    </div>
  );
}

const SIGN_IN_FIELDS = ['email', 'password'] as const;

function SignInForm({ onAuthenticated }: Pick<AuthFormsProps, 'onAuthenticated'>) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(SIGN_IN_FIELDS, { email: '', password: '' });
  const loginMutation = useLogin();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const { email, password } = form.values;
    const isValid = form.check(element, signInErrors(t, form.values));
    if (!isValid) return;
    loginMutation.mutate(
      { email: email.trim(), password },
      {
        onSuccess: async (state) => {
          form.setFinishing(true);
          try {
            await onAuthenticated(state, 'login');
          } finally {
            form.setFinishing(false);
          }
        },
        onError: (error) => form.showServerError(element, error, (e) => errorMessage(t, e)),
      },
    );
  };

  return (
    <>
      <form className="ui-form" onSubmit={onSubmit} noValidate aria-label={t('tabs.signIn')}>
        <FormError message={form.formError} />
        <TextField {...form.register('email')} label={t('fields.email')} type="email" autoComplete="email" required />
        <PasswordField {...form.register('password')} label={t('fields.password')} autoComplete="current-password" required />
        <Button type="submit" isLoading={loginMutation.isPending || form.isFinishing} className="auth-forms__submit">
          {t('submit.signIn')}
        </Button>
      </form>
      {/* Issue 12: its own form beside the sign-in form (forms cannot nest). */}
      <ForgotPassword initialEmail={form.values.email} />
    </>
  );
}

const SIGN_UP_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const;

function SignUpForm({ onAuthenticated }: Pick<AuthFormsProps, 'onAuthenticated'>) {
  const { t } = useTranslation('auth');
  const form = useAuthForm(SIGN_UP_FIELDS, { firstName: '', lastName: '', email: '', password: '' });
  const signupMutation = useSignup();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const { firstName, lastName, email, password } = form.values;
    const isValid = form.check(element, signUpErrors(t, form.values));
    if (!isValid) return;
    signupMutation.mutate(
      { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), password },
      {
        onSuccess: async (state) => {
          form.setFinishing(true);
          try {
            await onAuthenticated(state, 'signup');
          } finally {
            form.setFinishing(false);
          }
        },
        onError: (error) => form.showServerError(element, error, (e) => errorMessage(t, e)),
      },
    );
  };

  return (
    <form className="ui-form" onSubmit={onSubmit} noValidate aria-label={t('tabs.signUp')}>
      <FormError message={form.formError} />
      <div className="ui-form__row">
        <TextField {...form.register('firstName')} label={t('fields.firstName')} autoComplete="given-name" required />
        <TextField {...form.register('lastName')} label={t('fields.lastName')} autoComplete="family-name" required />
      </div>
      <TextField {...form.register('email')} label={t('fields.email')} type="email" autoComplete="email" required />
      <PasswordField
        {...form.register('password')}
        label={t('fields.password')}
        autoComplete="new-password"
        // The error says what the hint says (issue 8 §6: the same sentence twice): one of them at a time.
        hint={form.fieldErrors.password ? undefined : t('hints.password', { count: PASSWORD_MIN_LENGTH })}
        required
      />
      <Button type="submit" isLoading={signupMutation.isPending || form.isFinishing} className="auth-forms__submit">
        {t('submit.signUp')}
      </Button>
    </form>
  );
}
