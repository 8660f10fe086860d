import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { SEARCH } from '../../../common/spec';
import { shortenQueryEcho } from '../../lib/shorten';
import { PageTitle } from '../../ui/PageTitle';
import { SearchPopup } from './SearchPopup';
import { isNameTerm } from './searchFlow';
import { addToHistory, clearHistory, removeFromHistory } from './searchHistory';
import { SEARCH_TEXTS, SUGGEST_DEBOUNCE_MS } from './texts';
import { useDebouncedValue } from './useDebouncedValue';
import { useSearch } from './useSearch';
import { useSearchHistory } from './useSearchHistory';
import { useSuggestContractsQuery } from './searchApi';
import './search.css';

interface SearchBoxProps {
  /** 'hero': the home page's search area with the title as the page heading; 'compact': detail pages. */
  variant?: 'hero' | 'compact';
}

/**
 * The search box of spec sections 2 and 4. Self-contained (needs only the store and the router):
 * detail pages mount it as is. The popup (recent searches, name suggestions) opens on focus and
 * closes 200 ms after focus leaves the box (so a click inside it still lands) or on a selection.
 */
export function SearchBox({ variant = 'compact' }: SearchBoxProps) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const history = useSearchHistory();
  const { search, busy } = useSearch();
  const id = useId();

  const term = query.trim();
  const settled = useDebouncedValue(term, SUGGEST_DEBOUNCE_MS);
  // Names are suggested only under 20 characters (spec section 5), for the term as it is now.
  const suggest = open && settled !== '' && settled === term && isNameTerm(term);
  const suggestions = useSuggestContractsQuery(settled, { skip: !suggest });
  const rows = suggest ? suggestions.currentData : undefined;

  const cancelClose = () => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  useEffect(() => cancelClose, []);

  const onFocus = () => {
    cancelClose();
    setOpen(true);
  };
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), SEARCH.blurDelayMs);
  };
  const close = () => {
    cancelClose();
    setOpen(false);
  };

  const submit = (value: string) => {
    close();
    setQuery(value);
    void search(value);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(query);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  const refocus = () => inputRef.current?.focus();

  const echo = term === '' ? null : shortenQueryEcho(term);
  const showPopup = open && (history.length > 0 || (rows !== undefined && rows.length > 0));

  return (
    <div className={`search-box search-box--${variant}`}>
      {variant === 'hero' ? (
        <PageTitle className="search-box__title">{SEARCH.title}</PageTitle>
      ) : (
        <p className="search-box__title">{SEARCH.title}</p>
      )}
      <form role="search" aria-label={SEARCH_TEXTS.landmark} onSubmit={onSubmit} className="search-box__form">
        <div className="search-box__field" onFocus={onFocus} onBlur={onBlur} onKeyDown={onKeyDown}>
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {SEARCH_TEXTS.inputLabel}
          </label>
          <input
            ref={inputRef}
            id={`${id}-q`}
            className="search-box__input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={SEARCH.placeholder}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setOpen(true);
            }}
            aria-describedby={echo === null ? undefined : `${id}-echo`}
          />
          {showPopup && (
            <SearchPopup
              history={history}
              suggestions={rows}
              onPick={submit}
              onRemove={(t) => {
                removeFromHistory(t);
                refocus();
              }}
              onClear={() => {
                clearHistory();
                refocus();
              }}
              onSuggestion={(c) => {
                addToHistory(c.contractname);
                close();
              }}
            />
          )}
        </div>
        <button type="submit" className="btn btn--primary search-box__button" aria-busy={busy || undefined}>
          {SEARCH.button}
        </button>
      </form>
      <p className="search-box__echo" id={`${id}-echo`} aria-live="polite">
        {echo !== null && (
          <>
            <span className="visually-hidden">{SEARCH_TEXTS.echoLabel} </span>
            <span className="mono">{echo}</span>
          </>
        )}
      </p>
    </div>
  );
}
