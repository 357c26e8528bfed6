import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { CartButton } from '../../features/job-cart/components/cart-button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useAuthModal } from '../../lib/auth-modal';
import { useBootData } from '../../lib/boot-data';
import { ROUTES, jobPath, withRememberedParams } from '../../lib/paths';
import { withTenantDomain } from '../../lib/tenant-link';
import { useSession } from '../../lib/session';
import { Button } from '../../ui/button';
import { CustomNavbarBell } from './custom-navbar-bell';
import { SanitizedHtml } from './sanitized-html';
import { UserMenu } from './user-menu';
import './navbar.css';

export interface NavbarProps {
  onSignOut: () => void;
}

/**
 * spec §2 Shell: the 60 px navbar, or the tenant's custom navbar HTML for the signed-in or signed-out
 * state when branding configures one.
 */
export function Navbar({ onSignOut }: NavbarProps) {
  const { t } = useTranslation();
  const { tenant } = useBootData();
  const { isLoggedIn } = useSession();
  const authModal = useAuthModal();
  const location = useLocation();
  const branding = tenant.config.pcsxConfig.branding;
  const custom = branding.customPageSections.customNavbarConfig;
  const customHtml = isLoggedIn ? custom?.loggedInHtml : custom?.loggedOutHtml;
  const homeLink = withRememberedParams(ROUTES.home, location.search);
  const canSignIn = tenant.config.loginSignupConfig.candidateLoginEnabled && location.pathname !== ROUTES.login;

  if (customHtml?.trim()) {
    return (
      <header className="navbar navbar--custom">
        <SanitizedHtml className="navbar__custom" html={customHtml} />
        <CustomNavbarBell html={customHtml} />
      </header>
    );
  }

  return (
    <header className="navbar">
      <nav className="navbar__inner" aria-label={t('shell.navbar.label')}>
        <Link to={homeLink} className="navbar__brand">
          {branding.logoUrl ? (
            <img className="navbar__logo" src={branding.logoUrl} alt={branding.companyName} height={32} />
          ) : (
            <span className="navbar__company" dir="auto">
              {branding.companyName}
            </span>
          )}
        </Link>
        <ul className="navbar__links">
          <li>
            <NavLink to={homeLink} end className="navbar__link">
              {t('shell.navbar.jobs')}
            </NavLink>
          </li>
        </ul>
        <div className="navbar__actions">
          <NotificationBell />
          <CartButton
            jobHref={(id) => withRememberedParams(withTenantDomain(jobPath(id), tenant.isDefault ? undefined : tenant.domain), location.search)}
            searchHref={homeLink}
            // spec §7 "pid (comma-joined ids)", the commas kept readable in the address.
            applyHref={(ids) => withRememberedParams(withTenantDomain(`${ROUTES.apply}?pid=${ids.join(',')}`, tenant.isDefault ? undefined : tenant.domain), location.search)}
          />
          {isLoggedIn ? (
            <UserMenu onSignOut={onSignOut} />
          ) : canSignIn ? (
            <Button variant="secondary" size="sm" onClick={() => authModal.open()}>
              {t('shell.navbar.signIn')}
            </Button>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
