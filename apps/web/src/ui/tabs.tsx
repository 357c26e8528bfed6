import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<Id extends string> {
  id: Id;
  label: ReactNode;
}

export interface TabsProps<Id extends string> {
  tabs: readonly TabItem<Id>[];
  selectedId: Id;
  onSelect: (id: Id) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs (spec §4). */
export function Tabs<Id extends string>({ tabs, selectedId, onSelect, label, children }: TabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const moveTo = (index: number) => {
    const count = tabs.length;
    const tab = tabs[((index % count) + count) % count];
    if (!tab) return;
    onSelect(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const current = tabs.findIndex((tab) => tab.id === selectedId);
    const isRtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const next = isRtl ? 'ArrowLeft' : 'ArrowRight';
    const previous = isRtl ? 'ArrowRight' : 'ArrowLeft';
    switch (event.key) {
      case next:
        moveTo(current + 1);
        break;
      case previous:
        moveTo(current - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(tabs.length - 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <div className="ui-tabs">
      <div role="tablist" aria-label={label} className="ui-tabs__list">
        {tabs.map((tab) => {
          const isSelected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className="ui-tabs__tab"
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedId)} className="ui-tabs__panel">
        {children}
      </div>
    </div>
  );
}
