import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../../lib/boot-data';
import { useHydrated } from '../../lib/hydration';
import { SanitizedHtml } from './sanitized-html';
import './custom-banner.css';

const DISMISSED_KEY = 'careers.banner.dismissed';

/** A short fingerprint, so a changed banner shows again after an earlier one was dismissed. */
function fingerprint(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = ((hash << 5) + hash + text.charCodeAt(index)) | 0;
  return String(hash >>> 0);
}

function readDismissed(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** spec §2 "Custom banner (info or alert)": tenant HTML, sanitized, dismissible for the browser session. */
export function CustomBanner() {
  const { t } = useTranslation();
  const banner = useBranding().customPageSections.customPcsBanner;
  const id = banner ? fingerprint(`${banner.type}:${banner.html}`) : '';
  // sessionStorage is the browser's: the server (and the app hydrating its markup) shows the banner, and
  // a banner dismissed earlier in this tab goes right after hydration.
  const isHydrated = useHydrated();
  const [isDismissedHere, setDismissed] = useState(false);
  const isDismissed = isDismissedHere || (isHydrated && readDismissed() === id);
  if (!banner || !banner.html.trim() || isDismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, id);
    } catch {
      // Storage may be unavailable (private mode); the banner then stays hidden for this page only.
    }
  };

  return (
    <aside className={`custom-banner custom-banner--${banner.type}`} aria-label={t('shell.banner.label')}>
      <div className="custom-banner__inner">
        <svg className="custom-banner__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          {banner.type === 'alert' ? (
            <path d="M12 3l10 18H2L12 3zm0 6v5m0 3h.01" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
          ) : (
            <>
              <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 11v5m0-8h.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </>
          )}
        </svg>
        <SanitizedHtml className="custom-banner__content" html={banner.html} />
        <button type="button" className="custom-banner__dismiss" onClick={dismiss} aria-label={t('shell.banner.dismiss')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </aside>
  );
}
