import { Link } from 'wouter';
import { SEARCH } from '../../../common/spec';
import type { SearchContractItem } from '../../../common/api/search';
import { shortenAddress } from '../../lib/shorten';
import { contractTarget } from '../../lib/searchFlow';
import { SEARCH_TEXTS } from './texts';

interface SearchPopupProps {
  id: string;
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

/** The box's dropdown: 'Recent' searches with 'Clear all' and per-item remove, then name matches. */
export function SearchPopup({ id, optionId, active, history, suggestions, onPick, onRemove, onClear, onSuggestion }: SearchPopupProps) {
  return (
    <div className="search-pop" id={id}>
      {history.length > 0 && (
        <section className="search-pop__section" aria-label={SEARCH.recent}>
          <div className="search-pop__head">
            <span className="search-pop__heading">{SEARCH.recent}</span>
            <button type="button" className="search-pop__clear" onClick={onClear}>
              {SEARCH.clearAll}
            </button>
          </div>
          <ul className="search-pop__list">
            {history.map((term, i) => (
              <li key={term} className="search-pop__item" id={optionId(i)} data-active={active === i || undefined}>
                <button type="button" className="search-pop__term" title={term} onClick={() => onPick(term)}>
                  {term}
                </button>
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
        </section>
      )}
      {suggestions !== undefined && suggestions.length > 0 && (
        <table className="search-pop__table">
          <caption className="visually-hidden">{SEARCH_TEXTS.suggestionsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{SEARCH_TEXTS.nameHeader}</th>
              <th scope="col">{SEARCH_TEXTS.addressHeader}</th>
            </tr>
          </thead>
          <tbody>
            {suggestions.map((c, j) => (
              <tr
                key={c.contract_address}
                id={optionId(history.length + j)}
                data-active={active === history.length + j || undefined}
                className="search-pop__row"
              >
                <td>
                  <Link
                    href={contractTarget(c)}
                    translate="no"
                    onClick={(e) => {
                      // The machine saves the name and navigates; the href stays for new tabs.
                      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      onSuggestion(c);
                    }}
                  >
                    {c.contractname}
                  </Link>
                </td>
                <td className="mono" title={c.contract_address}>
                  {shortenAddress(c.contract_address, 20)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
