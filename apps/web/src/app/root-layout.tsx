import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AuthModalProvider, useAuthModal, type AuthModalRenderProps } from '../lib/auth-modal';
import { lazyNamed } from '../lib/lazy-named';
import { onHttpEvent } from '../lib/http';
import { ROUTES } from '../lib/paths';
import { useSession } from '../lib/session';
import { useToast } from '../ui/toast';
import { Navbar } from './shell/navbar';
import { RouteErrorBoundary } from './shell/route-error';
import { SkipLink } from './shell/skip-link';

const loadAuthModal = () => import('../features/auth/components/auth-modal');
// The sign-in forms load on first use (or when the browser is idle), not with the first page.
const AuthModal = lazyNamed<AuthModalRenderProps, 'AuthModal'>(loadAuthModal, 'AuthModal');

function renderAuthModal(props: AuthModalRenderProps) {
  return props.request ? (
    <Suspense fallback={null}>
      <AuthModal {...props} />
    </Suspense>
  ) : null;
}

/** The shell around every route: skip link, navbar, the page, and the auth modal controller. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <AuthModalProvider renderModal={renderAuthModal}>
      <PreloadAuthModal />
      <HttpEventsBridge />
      <OpenLoginModalFromUrl />
      <SkipLink />
      <ShellNavbar />
      <RouteErrorBoundary resetKey={pathname}>
        <Outlet />
      </RouteErrorBoundary>
    </AuthModalProvider>
  );
}

function ShellNavbar() {
  const navigate = useNavigate();
  return <Navbar onSignOut={() => void navigate(ROUTES.logout)} />;
}

/** spec §8 "HTTP helpers": a timed-out session opens the sign-in modal; a CSRF failure is announced. */
function HttpEventsBridge() {
  const { t } = useTranslation();
  const toast = useToast();
  const { open } = useAuthModal();
  useEffect(
    () =>
      onHttpEvent((event) => {
        switch (event.type) {
          case 'sessionTimedOut':
            toast.show({ message: t('errors.session_timed_out'), style: 'warning' });
            open({ reason: 'sessionTimedOut' });
            break;
          case 'csrfInvalid':
            toast.show({ message: t('errors.csrf_invalid'), style: 'error' });
            break;
        }
      }),
    [t, toast, open],
  );
  return null;
}

/** A signed-out visitor is likely to sign in: fetch the forms once the page is idle. */
function PreloadAuthModal() {
  const { isLoggedIn } = useSession();
  useEffect(() => {
    if (isLoggedIn) return;
    const timer = setTimeout(() => void loadAuthModal(), 2000);
    return () => clearTimeout(timer);
  }, [isLoggedIn]);
  return null;
}

/** spec §2: "show_login_modal equal to 1 or true opens the login modal at boot". */
function OpenLoginModalFromUrl() {
  const [searchParams] = useSearchParams();
  const { isLoggedIn } = useSession();
  const { open } = useAuthModal();
  const hasRun = useRef(false);
  const value = searchParams.get('show_login_modal')?.toLowerCase();
  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    if (!isLoggedIn && (value === '1' || value === 'true')) open();
  }, [isLoggedIn, value, open]);
  return null;
}
