/**
 * Opens the sign-in modal from anywhere (a protected route, a "Save job" click, an expired session) and
 * says what happens after a successful sign-in (spec §4 "Other"):
 *   1. the pending action runs when the finished flow ('login' or 'signup') is in `triggers` (default ['login']);
 *   2. then the page reloads, unless `skipRefresh` is set.
 * The modal itself lives in features/auth; the app renders it through `renderModal`.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type AuthFlow = 'login' | 'signup';
export type AuthTab = 'signIn' | 'signUp';

export interface AuthModalOptions {
  tab?: AuthTab;
  /** Runs after a successful sign-in whose flow is listed in `triggers`, before the reload. */
  pendingAction?: () => void | Promise<void>;
  triggers?: readonly AuthFlow[];
  skipRefresh?: boolean;
  /** Why it opened; changes the notice above the form. */
  reason?: 'sessionTimedOut' | 'protectedRoute';
  /** Called when the modal is closed without signing in. */
  onDismiss?: () => void;
}

export interface AuthModalRequest extends AuthModalOptions {
  /** Increments on every open, so a re-open resets the form. */
  key: number;
}

export interface AuthModalApi {
  open(options?: AuthModalOptions): void;
  close(): void;
  isOpen: boolean;
}

export interface AuthModalRenderProps {
  request: AuthModalRequest | null;
  /** Closes after a dismissal (runs onDismiss) or after success (does not). */
  onClose(reason: 'dismissed' | 'authenticated'): void;
}

const AuthModalContext = createContext<AuthModalApi | null>(null);

export function AuthModalProvider({
  children,
  renderModal,
}: {
  children: ReactNode;
  renderModal: (props: AuthModalRenderProps) => ReactNode;
}) {
  const [request, setRequest] = useState<AuthModalRequest | null>(null);

  const open = useCallback((options: AuthModalOptions = {}) => {
    setRequest((current) => ({ ...options, key: (current?.key ?? 0) + 1 }));
  }, []);

  const close = useCallback(() => setRequest(null), []);

  const onClose = useCallback(
    (reason: 'dismissed' | 'authenticated') => {
      const closing = request;
      setRequest(null);
      if (reason === 'dismissed') closing?.onDismiss?.();
    },
    [request],
  );

  const api = useMemo<AuthModalApi>(() => ({ open, close, isOpen: request !== null }), [open, close, request]);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      {renderModal({ request, onClose })}
    </AuthModalContext.Provider>
  );
}

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal must be used within an AuthModalProvider');
  return api;
}
