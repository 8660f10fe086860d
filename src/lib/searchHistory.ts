/**
 * Search history in localStorage (docs/decisions.md#spec-validation, #spec-entities): at most 5 distinct terms, newest
 * first. Writes notify subscribers in this tab (every mounted search box) and the 'storage'
 * event covers other tabs. Unreadable or foreign content reads as an empty history.
 */
import { SEARCH } from '../../common/spec';

/** localStorage key of the search history (docs/decisions.md#spec-entities: a list of strings). */
export const SEARCH_HISTORY_KEY = 'searchHistory';

const CHANGE_EVENT = 'ruby:search-history-change';
const EMPTY: readonly string[] = Object.freeze([]);

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Parses stored JSON into a clean history: strings only, trimmed, distinct, at most 5. */
export function parseHistory(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const v of value) {
    if (typeof v !== 'string') continue;
    const t = v.trim();
    if (t !== '' && !out.includes(t)) out.push(t);
    if (out.length === SEARCH.historySize) break;
  }
  return out;
}

/** The history with `term` moved (or added) to the front, at most 5 entries. */
export function withTerm(history: readonly string[], term: string): string[] {
  const t = term.trim();
  if (t === '') return [...history];
  return [t, ...history.filter((h) => h !== t)].slice(0, SEARCH.historySize);
}

/** The history without `term`. */
export function withoutTerm(history: readonly string[], term: string): string[] {
  return history.filter((h) => h !== term);
}

// useSyncExternalStore needs a stable snapshot: re-parse only when the stored string changes.
let cachedRaw: string | null | undefined;
let cached: readonly string[] = EMPTY;

export function readHistory(): readonly string[] {
  const raw = storage()?.getItem(SEARCH_HISTORY_KEY) ?? null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = Object.freeze(parseHistory(raw));
  }
  return cached;
}

function write(next: readonly string[]): void {
  const s = storage();
  if (!s) return;
  try {
    if (next.length === 0) s.removeItem(SEARCH_HISTORY_KEY);
    else s.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Quota exceeded or storage disabled: the history is a convenience, searching still works.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Stores a whole history (the search machine's `persistHistory` action). */
export function saveHistory(history: readonly string[]): void {
  write(parseHistory(JSON.stringify(history)));
}

export function addToHistory(term: string): void {
  write(withTerm(readHistory(), term));
}

export function removeFromHistory(term: string): void {
  write(withoutTerm(readHistory(), term));
}

export function clearHistory(): void {
  write([]);
}

export function subscribeHistory(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SEARCH_HISTORY_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
