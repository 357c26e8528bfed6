import { SUPPORTED_LOCALES } from '@careers/i18n';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './settings.css';
import { errorMessage } from '../../../lib/errors';
import { ApiError } from '../../../lib/http';
import { changeLocale } from '../../../lib/i18n';
import { browserTimeZone } from '../../../lib/intl';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { StateView } from '../../../ui/state-view';
import { useToast } from '../../../ui/toast';
import { usePreferences, useUpdatePreferences, type CandidatePreferences } from '../api/preferences';

const AUTOMATIC = '';

/** The runtime's IANA zones (Intl.supportedValuesOf), with the given one kept even if the runtime lacks it. */
export function timeZoneOptions(keep: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(keep) ? zones : [keep, ...zones];
}

const zoneLabel = (zone: string) => zone.replace(/_/g, ' ');

/** Issue 11: interface language (the 38 locales by their native names) and time zone, saved on the server. */
export function PreferencesForm() {
  const preferences = usePreferences();
  const { t } = useTranslation('account');
  if (preferences.isPending) return <StateView status="loading" lines={2} />;
  if (preferences.isError) return <StateView status="error" message={errorMessage(t, preferences.error)} onRetry={() => void preferences.refetch()} />;
  return <LoadedPreferencesForm saved={preferences.data.preferences} />;
}

function LoadedPreferencesForm({ saved }: { saved: CandidatePreferences }) {
  const { t, i18n } = useTranslation('account');
  const toast = useToast();
  const mutation = useUpdatePreferences();
  const detected = useMemo(() => browserTimeZone(), []);
  const [locale, setLocale] = useState(saved.locale ?? AUTOMATIC);
  const [timeZone, setTimeZone] = useState(saved.timeZone ?? detected);
  const [errors, setErrors] = useState<{ locale?: string; timeZone?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const zones = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const ids = { locale: useId(), timeZone: useId() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    setErrors({});
    mutation.mutate(
      { locale: locale === AUTOMATIC ? null : locale, timeZone },
      {
        onSuccess: ({ preferences }) => {
          toast.show({ message: t('preferences.saved'), style: 'success' });
          // Automatic: the browser's first language, as the server would choose on the next page.
          void changeLocale(i18n, preferences.locale ?? navigator.language);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          const found = {
            ...(fields?.locale ? { locale: t('preferences.errors.unknownLocale') } : {}),
            ...(fields?.timeZone ? { timeZone: t('preferences.errors.unknownTimeZone') } : {}),
          };
          if (Object.keys(found).length > 0) setErrors(found);
          else setFormError(errorMessage(t, error));
        },
      },
    );
  };

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-labelledby="settings-preferences-heading">
      <div className="settings-form__error" role="alert">
        {formError}
      </div>
      <div className={['ui-field', errors.locale ? 'ui-field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="ui-field__label" htmlFor={ids.locale}>
          {t('preferences.language')}
        </label>
        <select
          id={ids.locale}
          name="locale"
          className="ui-field__input settings-select"
          value={locale}
          aria-invalid={errors.locale ? true : undefined}
          aria-describedby={errors.locale ? `${ids.locale}-error` : undefined}
          onChange={(event) => setLocale(event.target.value)}
        >
          <option value={AUTOMATIC}>{t('preferences.languageAutomatic')}</option>
          {SUPPORTED_LOCALES.map((option) => (
            <option key={option.code} value={option.code} lang={option.code}>
              {option.nativeName}
            </option>
          ))}
        </select>
        {errors.locale ? (
          <p id={`${ids.locale}-error`} className="ui-field__error">
            {errors.locale}
          </p>
        ) : null}
      </div>
      <div className={['ui-field', errors.timeZone ? 'ui-field--invalid' : ''].filter(Boolean).join(' ')}>
        <label className="ui-field__label" htmlFor={ids.timeZone}>
          {t('preferences.timeZone')}
        </label>
        <select
          id={ids.timeZone}
          name="timeZone"
          className="ui-field__input settings-select"
          value={timeZone}
          aria-invalid={errors.timeZone ? true : undefined}
          aria-describedby={[errors.timeZone ? `${ids.timeZone}-error` : '', `${ids.timeZone}-hint`].filter(Boolean).join(' ')}
          onChange={(event) => setTimeZone(event.target.value)}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </select>
        <p id={`${ids.timeZone}-hint`} className="ui-field__hint">
          {t('preferences.timeZoneHint', { zone: zoneLabel(detected) })}
        </p>
        {errors.timeZone ? (
          <p id={`${ids.timeZone}-error`} className="ui-field__error">
            {errors.timeZone}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" isLoading={mutation.isPending}>
          {t('preferences.save')}
        </Button>
      </div>
    </form>
  );
}

/** Issue 11 (with issue 12's email choice): email and in-app notifications. */
export function NotificationPreferences({ email }: { email: string }) {
  const preferences = usePreferences();
  const { t } = useTranslation('account');
  if (preferences.isPending) return <StateView status="loading" lines={2} />;
  if (preferences.isError) return <StateView status="error" message={errorMessage(t, preferences.error)} onRetry={() => void preferences.refetch()} />;
  return <LoadedNotificationPreferences saved={preferences.data.preferences} email={email} />;
}

function LoadedNotificationPreferences({ saved, email }: { saved: CandidatePreferences; email: string }) {
  const { t } = useTranslation('account');
  const toast = useToast();
  const mutation = useUpdatePreferences();
  const [values, setValues] = useState({ emailNotifications: saved.emailNotifications, inAppNotifications: saved.inAppNotifications });
  const ids = { email: useId(), inApp: useId() };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(values, {
      onSuccess: () => toast.show({ message: t('notificationPrefs.saved'), style: 'success' }),
      onError: (error) => toast.show({ message: errorMessage(t, error), style: 'error' }),
    });
  };

  const toggle = (name: keyof typeof values, id: string, label: string, hint: ReactNode) => (
    <div className="settings-toggle">
      <input
        id={id}
        type="checkbox"
        name={name}
        className="settings-toggle__input"
        checked={values[name]}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const checked = event.target.checked;
          setValues((current) => ({ ...current, [name]: checked }));
        }}
      />
      <div>
        <label htmlFor={id} className="settings-toggle__label">
          {label}
        </label>
        <p id={`${id}-hint`} className="settings-toggle__hint">
          {hint}
        </p>
      </div>
    </div>
  );

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-labelledby="settings-notifications-heading">
      <fieldset className="settings-fieldset">
        <legend className="visually-hidden">{t('notificationPrefs.heading')}</legend>
        {toggle('emailNotifications', ids.email, t('notificationPrefs.email'), translateWithBdi(t, 'notificationPrefs.emailHint', { email }))}
        {toggle('inAppNotifications', ids.inApp, t('notificationPrefs.inApp'), t('notificationPrefs.inAppHint'))}
      </fieldset>
      <div>
        <Button type="submit" variant="secondary" isLoading={mutation.isPending}>
          {t('notificationPrefs.save')}
        </Button>
      </div>
    </form>
  );
}
