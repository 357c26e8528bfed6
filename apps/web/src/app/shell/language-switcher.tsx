import { SUPPORTED_LOCALES, resolveLocale } from '@careers/i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { PreferencesResponse } from '@careers/contracts';
import { http } from '../../lib/http';
import { changeLocale } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useToast } from '../../ui/toast';
import { errorMessage } from '../../lib/errors';

/**
 * The footer is in every page's first bundle: the call goes without the settings feature's zod check (P5: zod
 * stays out of the first route's JS); the answer is only the preferences just sent, read back.
 */
function saveLocale(locale: string): Promise<PreferencesResponse> {
  return http.post<PreferencesResponse>('/api/account/preferences', { locale });
}

/**
 * Issue 13 "a language switcher in the footer": the 38 languages by their native names. Signed out it sets
 * `hl` on the address (the first thing the server reads); signed in it saves the candidate's preference,
 * and drops an `hl` that would otherwise outrank it on the next page.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const { isLoggedIn, userStore, onboarding, applyAuthState } = useSession();
  const [isBusy, setBusy] = useState(false);
  const current = resolveLocale(i18n.language);
  // The choice shows at once and stays while its catalogues load: a controlled select would snap back to the
  // page's language for that time.
  const [pending, setPending] = useState<string | null>(null);

  const onChange = async (locale: string) => {
    if (locale === current) return;
    setPending(locale);
    setBusy(true);
    try {
      const params = new URLSearchParams(location.search);
      if (isLoggedIn) {
        const { preferences } = await saveLocale(locale);
        applyAuthState({ userStore: { ...userStore, preferences }, onboarding });
        params.delete('hl');
      } else {
        params.set('hl', locale);
      }
      await changeLocale(i18n, locale);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
    } catch (error) {
      toast.show({ message: errorMessage(t, error), style: 'error' });
    } finally {
      setPending(null);
      setBusy(false);
    }
  };

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="language-switcher__label">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="language-switcher__select"
        value={pending ?? current}
        disabled={isBusy}
        aria-busy={isBusy || undefined}
        onChange={(event) => void onChange(event.target.value)}
      >
        {SUPPORTED_LOCALES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
