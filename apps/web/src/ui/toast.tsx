import { TOAST_DEFAULT_CLOSE_MS } from '@careers/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './toast.css';

/** spec §8 "Toast styles: default, success, info, warning, error". */
export type ToastStyle = 'default' | 'success' | 'info' | 'warning' | 'error';
export type ToastPosition = 'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';

const POSITIONS: readonly ToastPosition[] = ['top-left', 'top-center', 'top-right', 'bottom-left', 'bottom-center', 'bottom-right'];

export interface ToastOptions {
  message: string;
  style?: ToastStyle;
  /** Milliseconds before it closes itself; default 5 s (spec §9); null keeps it until closed. */
  duration?: number | null;
  position?: ToastPosition;
}

interface ToastItem extends Required<Omit<ToastOptions, 'duration'>> {
  id: number;
  duration: number | null;
}

export interface ToastApi {
  show(options: ToastOptions | string): number;
  dismiss(id: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}

export function ToastProvider({ children, defaultPosition = 'top-right' }: { children: ReactNode; defaultPosition?: ToastPosition }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (options: ToastOptions | string) => {
      const input = typeof options === 'string' ? { message: options } : options;
      const id = nextId.current++;
      const item: ToastItem = {
        id,
        message: input.message,
        style: input.style ?? 'default',
        duration: input.duration === undefined ? TOAST_DEFAULT_CLOSE_MS : input.duration,
        position: input.position ?? defaultPosition,
      };
      // The same message twice in a row (e.g. two failing calls) shows once.
      setToasts((current) =>
        current.some((toast) => toast.message === item.message && toast.style === item.style) ? current : [...current, item],
      );
      return id;
    },
    [defaultPosition],
  );

  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {POSITIONS.map((position) => (
        <div key={position} className={`ui-toasts ui-toasts--${position}`} aria-live="polite" aria-relevant="additions text">
          {toasts
            .filter((toast) => toast.position === position)
            .map((toast) => (
              <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
            ))}
        </div>
      ))}
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const [isPaused, setPaused] = useState(false);
  const remaining = useRef(toast.duration);

  // Hovering or focusing a toast pauses its timer, so it can be read and closed at one's own pace.
  useEffect(() => {
    if (isPaused || remaining.current === null) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      if (remaining.current !== null) remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [isPaused, onDismiss, toast.id]);

  return (
    <div
      className={`ui-toast ui-toast--${toast.style}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <ToastIcon style={toast.style} />
      <p className="ui-toast__message">{toast.message}</p>
      <button type="button" className="ui-toast__close" onClick={() => onDismiss(toast.id)} aria-label={t('ui.toast.close')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function ToastIcon({ style }: { style: ToastStyle }) {
  const paths: Record<ToastStyle, string> = {
    default: 'M12 8v5m0 3h.01',
    info: 'M12 11v5m0-8h.01',
    success: 'M8 12.5l2.5 2.5L16 9.5',
    warning: 'M12 8v5m0 3h.01',
    error: 'M9 9l6 6m0-6l-6 6',
  };
  return (
    <svg className="ui-toast__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.15" />
      <path d={paths[style]} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}
