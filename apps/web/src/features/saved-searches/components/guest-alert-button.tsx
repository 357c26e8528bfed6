import type { GuestAlertAnswer } from '@careers/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/errors';
import { http } from '../../../lib/http';
import { loadedSanitizer, loadSanitizer } from '../../../lib/sanitizer';
import { translateWithBdi } from '../../../ui/bdi';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/modal';
import { TextField } from '../../../ui/text-field';
import { useAlertsTranslation } from '../alerts-i18n';
import './saved-searches.css';

export interface GuestAlertButtonProps {
  /** The search as the search call's query string (query, location, filters, coordinates). */
  search: string;
  /** The tenant's loggedOutNotificationConfig.privacyText (tenant HTML or text: always sanitized). */
  privacyText: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Issue 12 "alerts for signed-out visitors" (spec §3 loggedOutNotificationConfig): a signed-out visitor
 * subscribes to job alerts for the current search with just an email, after agreeing to the tenant's privacy
 * notice. The server answers the same whatever the address has; the alerts start once the emailed link is
 * confirmed, which the success state says.
 */
export function GuestAlertButton({ search, privacyText }: GuestAlertButtonProps) {
  const { t, i18n } = useAlertsTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="tertiary" size="sm" className="save-search" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('guest.open')}
      </Button>
      <Modal isOpen={isOpen} onClose={() => setOpen(false)} title={t('guest.title')} size="sm">
        {isOpen ? <GuestAlertForm search={search} privacyText={privacyText} locale={i18n.language} onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

export function GuestAlertForm({ search, privacyText, locale, onDone }: GuestAlertButtonProps & { locale: string; onDone: () => void }) {
  const { t } = useAlertsTranslation();
  const consentId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; consent?: string }>({});
  const subscribe = useMutation({
    mutationFn: () => http.post<GuestAlertAnswer>('/api/pcsx/guest_alerts', { email: email.trim(), search, consent: true, locale }),
  });

  useEffect(() => {
    if (subscribe.isSuccess) sentRef.current?.focus();
  }, [subscribe.isSuccess]);

  if (subscribe.isSuccess) {
    return (
      <div className="guest-alert guest-alert--sent" role="status">
        <p className="guest-alert__sent-title" tabIndex={-1} ref={sentRef}>
          {t('guest.checkInbox')}
        </p>
        <p>{translateWithBdi(t, 'guest.sent', { email: email.trim() })}</p>
        <Button variant="secondary" onClick={onDone}>
          {t('guest.done')}
        </Button>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      ...(EMAIL.test(email.trim()) ? {} : { email: t('guest.emailInvalid') }),
      ...(consent ? {} : { consent: t('guest.consentRequired') }),
    };
    setErrors(next);
    if (next.email) emailRef.current?.focus();
    else if (next.consent) consentRef.current?.focus();
    else subscribe.mutate();
  };

  return (
    <form className="guest-alert" noValidate onSubmit={onSubmit}>
      <p className="guest-alert__intro">{t('guest.intro')}</p>
      <TextField
        ref={emailRef}
        label={t('guest.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        error={errors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      {privacyText ? <PrivacyText text={privacyText} /> : null}
      <div className={`guest-alert__consent${errors.consent ? ' guest-alert__consent--invalid' : ''}`}>
        <input
          ref={consentRef}
          id={consentId}
          type="checkbox"
          required
          checked={consent}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? `${consentId}-error` : undefined}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <label htmlFor={consentId}>{t('guest.consent')}</label>
      </div>
      {errors.consent ? (
        <p id={`${consentId}-error`} className="guest-alert__error">
          {errors.consent}
        </p>
      ) : null}
      {subscribe.isError ? (
        <p className="guest-alert__error" role="alert">
          {errorMessage(t, subscribe.error)}
        </p>
      ) : null}
      <Button type="submit" isLoading={subscribe.isPending}>
        {t('guest.submit')}
      </Button>
    </form>
  );
}

/** The tenant's privacy notice, sanitized like every tenant text (nothing shows before the sanitizer loads). */
function PrivacyText({ text }: { text: string }) {
  const [sanitizer, setSanitizer] = useState(loadedSanitizer);
  useEffect(() => {
    if (!sanitizer) void loadSanitizer().then(setSanitizer);
  }, [sanitizer]);
  const clean = useMemo(() => (sanitizer ? sanitizer.sanitizeHtml(text) : ''), [sanitizer, text]);
  return <div className="guest-alert__privacy" dir="auto" dangerouslySetInnerHTML={{ __html: clean }} />;
}
