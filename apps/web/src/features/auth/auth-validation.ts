/**
 * The sign-in and sign-up forms' client checks. The email goes through the contracts' account email rule,
 * the very function the request schemas (LoginRequestSchema, SignupRequestSchema) apply on the server, so
 * the browser never accepts an address the server refuses or the reverse (auth-validation.test.ts).
 */
import { accountEmailProblem, PASSWORD_MIN_LENGTH } from '@careers/contracts';
import type { TFunction } from 'i18next';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function emailError(t: TFunction<'auth'>, email: string): string | undefined {
  switch (accountEmailProblem(email)) {
    case 'required':
      return t('errors.required', { field: t('fields.email') });
    case 'tooLong':
      return t('errors.emailTooLong');
    case 'invalid':
      return t('errors.email');
    default:
      return undefined;
  }
}

export function signInErrors(t: TFunction<'auth'>, values: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return {
    email: emailError(t, values.email),
    password: values.password ? undefined : t('errors.required', { field: t('fields.password') }),
  };
}

export function signUpErrors(
  t: TFunction<'auth'>,
  values: { firstName: string; lastName: string; email: string; password: string },
): FieldErrors<'firstName' | 'lastName' | 'email' | 'password'> {
  const required = (value: string, field: 'firstName' | 'lastName') =>
    value.trim() ? undefined : t('errors.required', { field: t(`fields.${field}`) });
  return {
    firstName: required(values.firstName, 'firstName'),
    lastName: required(values.lastName, 'lastName'),
    email: emailError(t, values.email),
    password:
      values.password.length === 0
        ? t('errors.required', { field: t('fields.password') })
        : values.password.length < PASSWORD_MIN_LENGTH
          ? t('errors.passwordTooShort', { count: PASSWORD_MIN_LENGTH })
          : undefined,
  };
}
