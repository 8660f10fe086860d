/**
 * Texts of the search box that common/spec.ts does not hold (the spec's own texts, such as the
 * title, placeholder and 'Recent', come from SEARCH there).
 */
export const SEARCH_TEXTS = {
  inputLabel: 'Search the blockchain',
  landmark: 'Site search',
  removeItem: 'Remove {term} from recent searches',
  suggestionsCaption: 'Contracts matching the typed name',
  nameHeader: 'Contract name',
  addressHeader: 'Address',
  echoLabel: 'Searching for',
  searching: 'Searching...',
} as const;

/** localStorage key of the search history (kept with the history in src/lib/searchHistory.ts). */
export { SEARCH_HISTORY_KEY } from '../../lib/searchHistory';

/** Wait after the last keystroke before asking for name suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
