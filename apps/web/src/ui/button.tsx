import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './spinner';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'tertiary' | 'danger';
export type ButtonSize = 'md' | 'sm';

/** The one class list of a button, also for links that look like buttons. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return ['ui-button', `ui-button--${variant}`, size === 'sm' ? 'ui-button--sm' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, keeps the label for screen readers and blocks further clicks. */
  isLoading?: boolean;
  icon?: ReactNode;
  /** React 19 passes refs as props: forms focus their control (e.g. a missing upload). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  icon,
  className,
  disabled,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  // While loading the button stays focusable (aria-disabled, clicks ignored) instead of `disabled`: a
  // disabled button drops keyboard focus to <body> mid-action (issue 8 §6, Save and Add to cart).
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, className)}
      disabled={disabled}
      aria-disabled={isLoading && !disabled ? true : rest['aria-disabled']}
      aria-busy={isLoading || undefined}
      onClick={(event) => {
        if (isLoading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {isLoading ? <Spinner size="sm" decorative /> : icon}
      <span className="ui-button__label">{children}</span>
    </button>
  );
}
