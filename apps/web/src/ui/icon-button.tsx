import './icon-button.css';

/** The count on a navbar icon button (ui-icon-button): hidden at 0, "99+" above 99; the button's label says the number. */
export function IconButtonBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="ui-icon-button__badge tabular-nums" aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}
