import { useEffect, useEffectEvent, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Receives focus on open; else the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Clicking the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  /** 'side': a full-height sheet at the inline end (filter panels, the job cart); full screen on phones. */
  placement?: 'center' | 'side';
}

/**
 * A dialog over the page: labelled by its title, aria-modal, focus kept inside while open and given back to
 * the element that had it on close; Escape and the close button close it.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  placement = 'center',
}: ModalProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closeFromKeyboard = useEffectEvent(() => onClose());

  useEffect(() => {
    if (!isOpen) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const target = initialFocusRef?.current ?? (dialog ? focusableWithin(dialog)[0] : undefined) ?? dialog;
    target?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (!dialog) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        closeFromKeyboard();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableWithin(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    // Content that arrives late (a catalogue or a form loading) can replace the control that had focus,
    // which leaves focus on <body> behind an open modal: bring it back inside.
    const refocus = new MutationObserver(() => {
      if (dialog && (document.activeElement === null || document.activeElement === document.body)) (focusableWithin(dialog)[0] ?? dialog).focus();
    });
    if (dialog) refocus.observe(dialog, { childList: true, subtree: true });
    return () => {
      refocus.disconnect();
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = previousOverflow;
      if (previouslyFocused && previouslyFocused.isConnected) previouslyFocused.focus();
    };
  }, [isOpen, initialFocusRef]);

  if (!isOpen) return null;
  return createPortal(
    <div
      className={`ui-modal__backdrop ui-modal__backdrop--${placement}`}
      role="presentation"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`ui-modal ui-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <button type="button" className="ui-modal__close" onClick={onClose} aria-label={t('ui.modal.close')}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {description ? (
          <p id={descriptionId} className="ui-modal__description">
            {description}
          </p>
        ) : null}
        <div className="ui-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
