import type { MouseEvent } from 'react';
import { SEARCH } from '../../../common/spec';
import type { SearchContractItem } from '../../../common/api/search';
import { shortenAddress } from '../../lib/shorten';
import { SEARCH_TEXTS } from './texts';

interface SearchPopupProps {
  id: string;
  /** The listbox's DOM id (the combobox's aria-controls). */
  listId: string;
  /** The DOM id of option i (recent searches first, then suggestions), for aria-activedescendant. */
  optionId: (i: number) => string;
  /** The highlighted option's index (-1: none). */
  active: number;
  history: readonly string[];
  /** Name suggestions for the typed term (undefined: none asked or not arrived). */
  suggestions: readonly SearchContractItem[] | undefined;
  onPick: (term: string) => void;
  onRemove: (term: string) => void;
  onClear: () => void;
  onSuggestion: (c: SearchContractItem) => void;
}

/** A click on an option keeps the focus in the box (the combobox keeps it; options are never focused). */
const keepFocus = (e: MouseEvent) => e.preventDefault();

/**
 * The box's dropdown as the WAI-ARIA combobox's listbox: one listbox with two groups of options,
 * 'Recent' searches and the contracts matching the typed name (each with its public name tag, so the DEX pairs'
 * "Ruby LP" rows read apart, and its address). Options hold no controls: 'Clear all' sits above the listbox and each
 * recent search's remove button beside it, outside, in a column of the same row height.
 */
export function SearchPopup({
  id,
  listId,
  optionId,
  active,
  history,
  suggestions,
  onPick,
  onRemove,
  onClear,
  onSuggestion,
}: SearchPopupProps) {
  const shown = suggestions !== undefined && suggestions.length > 0;
  return (
    <div className="search-pop" id={id}>
      {history.length > 0 && (
        <div className="search-pop__head">
          <span className="search-pop__heading" aria-hidden="true">
            {SEARCH.recent}
          </span>
          <button type="button" className="search-pop__clear" onClick={onClear}>
            {SEARCH.clearAll}
          </button>
        </div>
      )}
      <div className="search-pop__body">
        <ul role="listbox" id={listId} aria-label={SEARCH_TEXTS.inputLabel} className="search-pop__listbox" onMouseDown={keepFocus}>
          {history.length > 0 && (
            <li role="presentation">
              <ul role="group" aria-label={SEARCH.recent} className="search-pop__list">
                {history.map((term, i) => (
                  <li
                    key={term}
                    role="option"
                    aria-selected={active === i}
                    id={optionId(i)}
                    className="search-pop__item"
                    data-active={active === i || undefined}
                    title={term}
                    onClick={() => onPick(term)}
                  >
                    <span className="search-pop__term">{term}</span>
                  </li>
                ))}
              </ul>
            </li>
          )}
          {shown && (
            <li role="presentation">
              <ul role="group" aria-label={SEARCH_TEXTS.suggestionsCaption} className="search-pop__list search-pop__suggestions">
                {suggestions.map((c, j) => (
                  <li
                    key={c.contract_address}
                    role="option"
                    aria-selected={active === history.length + j}
                    id={optionId(history.length + j)}
                    data-active={active === history.length + j || undefined}
                    className="search-pop__row"
                    onClick={() => onSuggestion(c)}
                  >
                    <span className="search-pop__name" translate="no">
                      {c.contractname || c.tag}
                      {c.tag !== undefined && c.contractname !== '' && <span className="search-pop__tag"> · {c.tag}</span>}
                    </span>
                    <span className="mono search-pop__address" title={c.contract_address}>
                      {shortenAddress(c.contract_address, 20)}
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          )}
        </ul>
        {history.length > 0 && (
          <ul className="search-pop__removes">
            {history.map((term) => (
              <li key={term}>
                <button
                  type="button"
                  className="icon-btn search-pop__remove"
                  aria-label={SEARCH_TEXTS.removeItem(term)}
                  onClick={() => onRemove(term)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
