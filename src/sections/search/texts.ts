import { defineTexts } from '../../lib/i18n';

/**
 * Texts of the search box that common/spec.ts does not hold (the spec's own texts, such as the
 * title, placeholder and 'Recent', come from SEARCH there).
 */
export const SEARCH_TEXTS = defineTexts('sections.search', {
  inputLabel: 'Search the blockchain',
  landmark: 'Site search',
  removeItem: (term: string) => `Remove ${term} from recent searches`,
  suggestionsCaption: 'Contracts matching the typed name',
  echoLabel: 'Searching for',
  searching: 'Searching...',
} as const);

/** /SearchToken. */
export const SEARCH_TOKEN_TEXTS = defineTexts('sections.searchToken', {
  intro: 'Find a token on this chain by its name, its symbol or its contract address.',
  label: 'Token name, symbol or address',
  placeholder: 'e.g. Ruby Dollar, RUSD or r5FbDB…',
  caption: 'Tokens',
  name: 'Token',
  address: 'Contract address',
  noTokens: 'No tokens have been indexed yet.',
  noMatch: (term: string) => `No token matches “${term}”.`,
} as const);

/** The No results page (/Invalidinput). */
export const NO_RESULTS_TEXTS = defineTexts('sections.noResults', {
  for: 'Nothing matched',
  generic: 'Nothing matched your search.',
  hint: 'Check the address, transaction hash, block number, token name or symbol and try again.',
} as const);

/** localStorage key of the search history (kept with the history in src/lib/searchHistory.ts). */
export { SEARCH_HISTORY_KEY } from '../../lib/searchHistory';

/** Wait after the last keystroke before asking for name suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
