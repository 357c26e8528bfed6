import { useTranslation } from 'react-i18next';
import { useBranding } from '../../lib/boot-data';
import { translateWithBdi } from '../../ui/bdi';
import { LanguageSwitcher } from './language-switcher';
import { SanitizedHtml } from './sanitized-html';
import './footer.css';

/** spec §2: "Footer with optional custom HTML plus a standard powered-by footer". */
export function Footer() {
  const { t } = useTranslation();
  const branding = useBranding();
  const customHtml = branding.customPageSections.footer?.html;
  return (
    <footer className="site-footer">
      {customHtml?.trim() ? <SanitizedHtml className="site-footer__custom" html={customHtml} /> : null}
      <div className="site-footer__standard">
        <span>{translateWithBdi(t, 'shell.footer.copyright', { company: branding.companyName }, { year: new Date().getFullYear() })}</span>
        <span>{t('shell.footer.poweredBy')}</span>
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
