import { SEARCH_LOCATION_MAX_LENGTH, SEARCH_QUERY_MAX_LENGTH, SPECIAL_LOCATIONS, locationKind } from '@careers/contracts';
import type { TFunction } from 'i18next';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { usePlaceSuggestions } from '../api/place-suggestions';
import { useCanLocate } from '../hooks/current-position';
import './search-form.css';

export interface SearchFormSubmit {
  query: string;
  location: string;
}

export interface SearchFormProps {
  initialQuery: string;
  initialLocation: string;
  onSubmit: (search: SearchFormSubmit) => void;
  /** searchConfig.currentLocation (spec §4 "current location"); offered when the browser can locate too. */
  isCurrentLocationEnabled: boolean;
  layout?: 'stacked' | 'inline';
}

interface Suggestion {
  id: 'remote' | 'current' | `place:${string}`;
  label: string;
  location: string;
  /** Open positions there (places only). */
  jobs?: number;
}

/** The special locations (search-location.ts) shown in the reader's language, and read back from it. */
function specialLabels(t: TFunction<'search'>): [string, string][] {
  return [
    [SPECIAL_LOCATIONS.remote, t('form.suggestions.remote')],
    [SPECIAL_LOCATIONS.currentLocation, t('form.suggestions.currentLocationValue')],
    [SPECIAL_LOCATIONS.mapArea, t('form.mapArea')],
    [SPECIAL_LOCATIONS.mapLocation, t('form.mapLocation')],
  ];
}

export function displayLocation(t: TFunction<'search'>, location: string): string {
  const kind = locationKind(location);
  if (kind === 'none' || kind === 'text') return location;
  const match = specialLabels(t).find(([value]) => locationKind(value) === kind);
  return match ? match[1] : location;
}

function locationValue(t: TFunction<'search'>, text: string): string {
  const wanted = text.trim().toLowerCase();
  const match = specialLabels(t).find(([, label]) => label.toLowerCase() === wanted);
  return match ? match[0] : text.trim();
}

/**
 * Keyword and location (spec §4 "Search"). The location is a combobox (aria-activedescendant) whose
 * suggestions are the tenant's own places matching what is typed, typos forgiven (issue 8 §6, asked as the
 * candidate pauses), then the special locations: Remote, and the browser's current location when the
 * tenant allows it.
 */
export function SearchForm({ initialQuery, initialLocation, onSubmit, isCurrentLocationEnabled, layout = 'inline' }: SearchFormProps) {
  const { t, i18n } = useTranslation('search');
  const [query, setQuery] = useState(initialQuery);
  const [where, setWhere] = useState(() => displayLocation(t, initialLocation));
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listId = useId();
  const locationRef = useRef<HTMLInputElement>(null);
  // Asked here, not by the page: the answer changes right after hydration, and only this form redraws.
  const canLocateHere = useCanLocate();

  const typed = where.trim().toLowerCase();
  const isSpecial = locationKind(locationValue(t, where)) !== 'text';
  const places = usePlaceSuggestions(where, isOpen && !isSpecial);
  const suggestions: Suggestion[] = [
    ...places
      .filter((place) => place.location.toLowerCase() !== typed)
      .map((place): Suggestion => ({ id: `place:${place.label}`, label: place.label, location: place.location, jobs: place.jobs })),
    { id: 'remote' as const, label: t('form.suggestions.remote'), location: t('form.suggestions.remote') },
    ...(isCurrentLocationEnabled && canLocateHere
      ? [{ id: 'current' as const, label: t('form.suggestions.useCurrentLocation'), location: t('form.suggestions.currentLocationValue') }]
      : []),
  ].filter((suggestion) => suggestion.id.startsWith('place:') || typed === '' || suggestion.label.toLowerCase().startsWith(typed));
  const isListShown = isOpen && suggestions.length > 0;

  const submit = (search: SearchFormSubmit) => {
    setOpen(false);
    onSubmit({ query: search.query.trim(), location: locationValue(t, search.location) });
  };

  const choose = (suggestion: Suggestion) => {
    setWhere(suggestion.location);
    setActiveIndex(-1);
    // Current location searches at once: the coordinates are the point of choosing it.
    if (suggestion.id === 'current') submit({ query, location: suggestion.location });
    else setOpen(false);
  };

  const onLocationKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActiveIndex((index) => (suggestions.length ? (index + 1) % suggestions.length : -1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActiveIndex((index) => (suggestions.length ? (index - 1 + suggestions.length) % suggestions.length : -1));
        break;
      case 'Enter': {
        const active = isListShown ? suggestions[activeIndex] : undefined;
        if (active) {
          event.preventDefault();
          choose(active);
        }
        break;
      }
      case 'Escape':
        if (isListShown) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        break;
      default:
        break;
    }
  };

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({ query, location: where });
  };

  const activeId = isListShown && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined;

  return (
    <form role="search" className={`search-form search-form--${layout}`} onSubmit={onFormSubmit} aria-label={t('form.label')}>
      <TextField
        className="search-form__field"
        label={t('form.query')}
        name="query"
        type="search"
        placeholder={t('form.queryPlaceholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className="search-form__field search-form__location">
        <TextField
          ref={locationRef}
          label={t('form.location')}
          name="location"
          role="combobox"
          aria-expanded={isListShown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder={t('form.locationPlaceholder')}
          maxLength={SEARCH_LOCATION_MAX_LENGTH}
          value={where}
          onChange={(event) => {
            setWhere(event.target.value);
            setOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onLocationKeyDown}
          autoComplete="off"
          enterKeyHint="search"
        />
        <ul id={listId} role="listbox" aria-label={t('form.suggestions.label')} className="search-form__suggestions" hidden={!isListShown}>
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className="search-form__suggestion"
              // mousedown, not click: the input's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(suggestion);
              }}
            >
              <SuggestionIcon id={suggestion.id} />
              <span className="search-form__suggestion-label" dir="auto">
                {suggestion.label}
              </span>
              {suggestion.jobs !== undefined ? (
                <span className="search-form__suggestion-jobs">{t('form.suggestions.jobs', { count: suggestion.jobs, jobs: formatNumber(suggestion.jobs, i18n.language) })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
      <Button type="submit" className="search-form__submit">
        {t('form.submit')}
      </Button>
    </form>
  );
}

function SuggestionIcon({ id }: { id: Suggestion['id'] }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="search-form__suggestion-icon">
      {id.startsWith('place:') ? (
        <path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21zM12 7.5a2 2 0 100 4 2 2 0 000-4z" fill="none" stroke="currentColor" strokeWidth="2" />
      ) : id === 'remote' ? (
        <path d="M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      ) : (
        <path d="M12 2v3m0 14v3M2 12h3m14 0h3M12 8a4 4 0 100 8 4 4 0 000-8z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
