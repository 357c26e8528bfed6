import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './skip-link.css';

export const MAIN_CONTENT_ID = 'main-content';

/** First tab stop of every page; moves focus past the navbar without touching the router. */
export function SkipLink() {
  const { t } = useTranslation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      {t('shell.skipToContent')}
    </a>
  );
}
