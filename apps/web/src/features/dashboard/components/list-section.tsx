import { useId, type ReactNode } from 'react';

export interface ListSectionProps<Item> {
  title: string;
  /** Every item of the section, for the count; `shown` when fewer are listed. */
  items: readonly Item[];
  shown?: readonly Item[];
  keyOf: (item: Item) => string | number;
  renderItem: (item: Item) => ReactNode;
  hint?: string;
  /** Said instead of the list when `shown` is empty. */
  none?: string;
}

/** One titled, counted list of a tab (active applications, open drafts, upcoming interviews …). */
export function ListSection<Item>({ title, items, shown = items, keyOf, renderItem, hint, none }: ListSectionProps<Item>) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="dashboard-section__title">
        {title} <span className="dashboard-section__count">{items.length}</span>
      </h2>
      {hint ? <p className="dashboard-section__hint">{hint}</p> : null}
      {shown.length === 0 && none ? (
        <p className="dashboard-section__none">{none}</p>
      ) : (
        <ul className="dashboard-list">
          {shown.map((item) => (
            <li key={keyOf(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
