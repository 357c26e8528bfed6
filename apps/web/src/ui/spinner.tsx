import './spinner.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; omit with `decorative` when the surrounding control says it. */
  label?: string;
  decorative?: boolean;
}

export function Spinner({ size = 'md', label, decorative = false }: SpinnerProps) {
  if (decorative) return <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />;
  return (
    <span role="status" className="ui-spinner-wrap">
      <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
