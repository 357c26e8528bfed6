import { useTranslation } from 'react-i18next';
import { CAREERS_HOME } from '../../lib/paths';
import { buttonClassName } from '../../ui/button';
import './error-screen.css';

export interface ErrorScreenProps {
  error?: unknown;
  /** Technical details are for admins only (spec §6 "Admin users (is_admin) see technical error details"). */
  showDetails: boolean;
  contactUrl?: string | undefined;
}

function describe(error: unknown): { message: string; stack?: string | undefined } {
  if (error instanceof Error) return { message: error.message, stack: error.stack };
  if (typeof error === 'object' && error !== null && 'statusText' in error) {
    return { message: String((error as { status?: number }).status ?? '') + ' ' + String(error.statusText) };
  }
  return { message: String(error) };
}

/** spec §2 Shell: the 500 screen with back and contact links. Works with or without boot data. */
export function ErrorScreen({ error, showDetails, contactUrl }: ErrorScreenProps) {
  const { t } = useTranslation();
  const details = error !== undefined && showDetails ? describe(error) : null;
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign(CAREERS_HOME);
  };
  return (
    <section className="error-screen" aria-labelledby="error-screen-title">
      <p className="error-screen__code" aria-hidden="true">
        500
      </p>
      <h1 id="error-screen-title" className="error-screen__title">
        {t('errors.screen.title')}
      </h1>
      <p className="error-screen__text">{t('errors.screen.text')}</p>
      <div className="error-screen__actions">
        <button type="button" className={buttonClassName('primary')} onClick={goBack}>
          {t('errors.screen.back')}
        </button>
        <a className={buttonClassName('secondary')} href={CAREERS_HOME}>
          {t('errors.screen.home')}
        </a>
        {contactUrl ? (
          <a className={buttonClassName('tertiary')} href={contactUrl} rel="noopener">
            {t('errors.screen.contact')}
          </a>
        ) : null}
      </div>
      {details ? (
        <details className="error-screen__details">
          <summary>{t('errors.screen.details')}</summary>
          <pre>
            {details.message}
            {details.stack ? `\n\n${details.stack}` : ''}
          </pre>
        </details>
      ) : null}
    </section>
  );
}
