import { SEARCH_DROPDOWN_DEBOUNCE_MS, SEARCH_DROPDOWN_MIN_LENGTH, type Choice } from '@careers/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { http } from '../../lib/http';
import { CACHE_TIME } from '../../lib/query-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useFormsTranslation } from '../forms-i18n';
import { ControlledField, type FieldIds, type FieldProps } from './field-frame';
import { selectOptionsAnswer } from './select-options-answer';
import { Bdi, translateWithBdi } from '../../ui/bdi';

/** A dropdown whose options are searched on the server: selectOptions.apiCall "search" with its apiEndpoint. */
export const SEARCH_DROPDOWN_API_CALL = 'search';

/** The address searched for a term: the endpoint with `q` added (its own query string kept). */
export function searchDropdownUrl(apiEndpoint: string, term: string): string {
  return `${apiEndpoint}${apiEndpoint.includes('?') ? '&' : '?'}q=${encodeURIComponent(term)}`;
}

/** spec §5: search only a non-empty trimmed term of at least the minimum length (default 1). */
export function searchableTerm(typed: string, minLength = SEARCH_DROPDOWN_MIN_LENGTH): string | null {
  const term = typed.trim();
  return term.length > 0 && term.length >= minLength ? term : null;
}

/**
 * The search dropdown (spec §2 "a search dropdown", §5, §8, §9): an ARIA combobox. The term is searched 500 ms
 * after typing stops, trimmed, and only from the minimum length; answers are kept two minutes (the same term
 * again is not asked again); the list is at most 240 px high (320 px with layout "large"); a failed search
 * says "An error occurred while loading the results". The value is the chosen option's value.
 */
export function SearchDropdownField({ item, name }: FieldProps) {
  return (
    <ControlledField
      item={item}
      name={name}
      render={(field, ids) => <SearchDropdownControl value={field.value as unknown} onChange={field.onChange} onBlur={field.onBlur} inputRef={field.ref} ids={ids} item={item} />}
    />
  );
}

interface ControlProps {
  value: unknown;
  onChange: ControllerRenderProps['onChange'];
  onBlur: ControllerRenderProps['onBlur'];
  inputRef: ControllerRenderProps['ref'];
  ids: FieldIds;
  item: FieldProps['item'];
}

function SearchDropdownControl({ value, onChange, onBlur, inputRef, ids, item }: ControlProps) {
  const { t } = useFormsTranslation();
  const listId = useId();
  const options = item.selectOptions;
  const minLength = options?.minSearchLength ?? SEARCH_DROPDOWN_MIN_LENGTH;
  const [chosen, setChosen] = useState<Choice | null>(null);
  const currentLabel = chosen && chosen.value === value ? chosen.label : value == null ? '' : String(value as string);
  const [typed, setTyped] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = typed ?? currentLabel;
  const settled = useDebouncedValue(typed ?? '', SEARCH_DROPDOWN_DEBOUNCE_MS);
  const term = typed === null ? null : searchableTerm(settled, minLength);
  const query = useQuery({
    queryKey: ['form-search-dropdown', options?.apiEndpoint, term],
    queryFn: ({ signal }) => http.get(searchDropdownUrl(options?.apiEndpoint ?? '', term ?? ''), { signal }, selectOptionsAnswer),
    enabled: term !== null && options?.apiEndpoint !== undefined,
    staleTime: CACHE_TIME.twoMinutes,
    gcTime: CACHE_TIME.twoMinutes,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const results = term !== null && query.isSuccess ? query.data.data.options : [];
  const isWaiting = typed !== null && searchableTerm(typed, minLength) !== null && (typed.trim() !== settled.trim() || query.isFetching);
  const showList = isOpen && typed !== null;

  const choose = (choice: Choice) => {
    setChosen(choice);
    onChange(choice.value);
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        setOpen(true);
        setActive((index) => Math.min(results.length - 1, index + 1));
        break;
      case 'ArrowUp':
        setActive((index) => Math.max(0, index - 1));
        break;
      case 'Enter': {
        const choice = results[active];
        if (showList && choice) choose(choice);
        break;
      }
      case 'Escape':
        if (!showList) return;
        setOpen(false);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const status = !showList
    ? null
    : typed !== null && searchableTerm(typed, minLength) === null
      ? t('searchDropdown.minLength', { count: minLength })
      : isWaiting
        ? t('searchDropdown.loading')
        : query.isError
          ? null
          : results.length === 0 && term !== null
            ? translateWithBdi(t, 'searchDropdown.noResults', { term })
            : null;

  return (
    <div className="form-search">
      <input
        ref={inputRef}
        id={ids.inputId}
        className="ui-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && results[active] ? `${listId}-${active}` : undefined}
        aria-invalid={ids.isInvalid || undefined}
        aria-describedby={ids.describedBy}
        aria-required={item.required || undefined}
        disabled={item.disabled}
        placeholder={options?.placeholder ?? t('searchDropdown.placeholder')}
        value={text}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
          // Clearing the box clears the answer; a half-typed term does not replace a chosen option.
          if (event.target.value.trim() === '') onChange(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setTyped(null);
          onBlur();
        }}
      />
      <div className={`form-search__popup${showList ? ' form-search__popup--open' : ''}${item.layout === 'large' ? ' form-search__popup--large' : ''}`}>
        <ul id={listId} role="listbox" aria-label={item.label ?? item.ariaLabel} className="form-search__list" hidden={!showList || results.length === 0}>
          {results.map((choice, index) => (
            <li
              key={String(choice.value)}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`form-search__option${index === active ? ' form-search__option--active' : ''}`}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(choice);
              }}
            >
              <Bdi>{choice.label}</Bdi>
            </li>
          ))}
        </ul>
        {showList && query.isError ? (
          <p className="form-search__status form-search__status--error" role="alert">
            {t('searchDropdown.error')}
          </p>
        ) : (
          <p className="form-search__status" role="status" aria-live="polite" hidden={status === null}>
            {status}
          </p>
        )}
      </div>
    </div>
  );
}
