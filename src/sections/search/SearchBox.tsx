import { useEffect, useId, useRef, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { SEARCH } from '../../../common/spec';
import { shortenQueryEcho } from '../../lib/shorten';
import { PageTitle } from '../../ui/PageTitle';
import { SearchPopup } from './SearchPopup';
import { isNameTerm } from '../../lib/searchFlow';
import { SEARCH_TEXTS, SUGGEST_DEBOUNCE_MS } from './texts';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useSearchMachine } from './useSearchMachine';
import { useSuggestContractsQuery } from '../../features/search/searchApi';
import { searchOptions, useActiveOption } from './useActiveOption';
import './search.css';

interface SearchBoxProps {
  /** 'hero': the home page's search area with the title as the page heading; 'compact': detail pages. */
  variant?: 'hero' | 'compact';
  /** A term to start with (the No results page puts the failed search back for editing). */
  initialTerm?: string;
}

/**
 * The search box (docs/decisions.md#spec-screens, #spec-states), a view of the search machine (src/machines): every
 * user action becomes a machine event; what shows (dropdown, busy state) is read from the
 * machine's state. Self-contained (needs only the store and the router): detail pages mount it
 * as is. Focus moving between the input and the dropdown's own buttons is not a blur.
 */
export function SearchBox({ variant = 'compact', initialTerm }: SearchBoxProps) {
  const { state, send } = useSearchMachine();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!initialTerm) return;
    send({ type: 'search.type', value: initialTerm });
    // Put back for editing, not typed: the dropdown stays closed until the box has focus (a
    // closed dropdown opens on typing, and one opened without focus never got its blur to close).
    if (document.activeElement !== inputRef.current) send({ type: 'search.close' });
  }, [initialTerm, send]);
  const id = useId();
  const { term: query, history } = state.context;
  const open = !state.matches({ dropdown: 'closed' });
  const busy = state.matches({ flow: 'fetchingContracts' }) || state.matches({ flow: 'fetchingKind' });

  const term = query.trim();
  const settled = useDebouncedValue(term, SUGGEST_DEBOUNCE_MS);
  // Names are suggested only under 20 characters (docs/decisions.md#spec-validation), for the term as it is now.
  const suggest = open && settled !== '' && settled === term && isNameTerm(term);
  const suggestions = useSuggestContractsQuery(settled, { skip: !suggest });
  const rows = suggest ? suggestions.currentData : undefined;
  const showPopup = open && (history.length > 0 || (rows !== undefined && rows.length > 0));
  const options = searchOptions(history, rows);
  const { active, option, onArrow } = useActiveOption(term, options, showPopup);

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) send({ type: 'search.blur' });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Enter picks the highlighted option; the button alike, as it searches what the box shows.
    if (option?.kind === 'suggestion') send({ type: 'suggestion.pick', contract: option.item });
    else if (option?.kind === 'history') send({ type: 'search.submit', term: option.term });
    else send({ type: 'search.submit' });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      // A type=search box clears itself on Escape (chromium): that 'input' would be a search.type,
      // which reopens the dropdown Escape just closed, and the term would be lost.
      e.preventDefault();
      send({ type: 'search.close' });
    } else onArrow(e);
  };
  const refocus = () => inputRef.current?.focus();
  // A pick by mouse leaves the box, as a click on a link in the dropdown did: the focus does not stay in a closed box
  // (the dropdown is closed by then, so the blur is no machine step).
  const leave = () => inputRef.current?.blur();

  const echo = term === '' ? null : shortenQueryEcho(term);
  const optionId = (i: number) => `${id}-opt-${i}`;

  return (
    <div className={`search-box search-box--${variant}`}>
      {variant === 'hero' ? (
        <PageTitle className="search-box__title">{SEARCH.title}</PageTitle>
      ) : (
        <p className="search-box__title">{SEARCH.title}</p>
      )}
      <form role="search" aria-label={SEARCH_TEXTS.landmark} onSubmit={onSubmit} className="search-box__form">
        <div className="search-box__field" onFocus={() => send({ type: 'search.focus' })} onBlur={onBlur} onKeyDown={onKeyDown}>
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {SEARCH_TEXTS.inputLabel}
          </label>
          {/* The WAI-ARIA combobox pattern: the focus stays here, the highlighted option is announced. */}
          <input
            ref={inputRef}
            id={`${id}-q`}
            className="search-box__input"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showPopup}
            autoComplete="off"
            spellCheck={false}
            placeholder={SEARCH.placeholder}
            value={query}
            aria-controls={`${id}-list`}
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            onChange={(e) => send({ type: 'search.type', value: e.target.value })}
            aria-describedby={echo === null ? undefined : `${id}-echo`}
          />
          {showPopup && (
            <SearchPopup
              id={`${id}-pop`}
              listId={`${id}-list`}
              optionId={optionId}
              active={active}
              history={history}
              suggestions={rows}
              onPick={(t) => {
                send({ type: 'search.submit', term: t });
                leave();
              }}
              onRemove={(t) => {
                send({ type: 'history.remove', term: t });
                refocus();
              }}
              onClear={() => {
                send({ type: 'history.clear' });
                refocus();
              }}
              onSuggestion={(contract) => {
                send({ type: 'suggestion.pick', contract });
                leave();
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
        {busy && <span className="search-box__busy"> {SEARCH_TEXTS.searching}</span>}
      </p>
    </div>
  );
}
