import { useEffect, useId, useRef, useState } from 'react';
import type { FilterGroup } from '../filter-model';
import { FilterOptions } from './filter-options';

export interface FilterDropdownProps {
  group: FilterGroup;
  selected: readonly string[];
  onToggle: (value: string, isOn: boolean) => void;
}

/**
 * A smart filter shown inline (spec §3 searchConfig.smartFilters): a chip that opens its options. A
 * disclosure, not a menu: the options are checkboxes, Tab moves through them, Escape closes and returns
 * focus to the chip.
 */
export function FilterDropdown({ group, selected, onToggle }: FilterDropdownProps) {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    rootRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div
      className="filter-dropdown"
      ref={rootRef}
      onBlur={(event) => {
        if (isOpen && !rootRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="filter-chip"
        data-active={selected.length > 0 || undefined}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        <span dir="auto">{group.displayName}</span>
        {selected.length > 0 ? <span className="filter-chip__count tabular-nums">{selected.length}</span> : null}
        <svg className="filter-chip__chevron" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={panelId} className="filter-dropdown__panel" hidden={!isOpen}>
        {isOpen ? <FilterOptions group={group} selected={selected} onToggle={onToggle} isLegendHidden /> : null}
      </div>
    </div>
  );
}
