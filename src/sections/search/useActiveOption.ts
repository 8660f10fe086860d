/**
 * Keyboard movement through the search box's dropdown, the combobox pattern: ArrowDown/ArrowUp
 * move a highlight over the options (recent searches, then name suggestions), Enter picks the highlighted one.
 * While name suggestions are shown and the user has not moved, the first suggestion is highlighted, so Enter on
 * 'Ruby G' goes where the visible highlight says rather than to 'No results found'. Typing resets the highlight.
 */
import { useState, type KeyboardEvent } from 'react';

export type SearchOption<S> = { kind: 'history'; term: string } | { kind: 'suggestion'; item: S };

export function searchOptions<S>(history: readonly string[], suggestions: readonly S[] | undefined): SearchOption<S>[] {
  return [
    ...history.map((term): SearchOption<S> => ({ kind: 'history', term })),
    ...(suggestions ?? []).map((item): SearchOption<S> => ({ kind: 'suggestion', item })),
  ];
}

/** The highlighted index when the user has not moved: the first suggestion, else none. */
export function defaultActive<S>(options: readonly SearchOption<S>[]): number {
  return options.findIndex((o) => o.kind === 'suggestion');
}

export function useActiveOption<S>(term: string, options: readonly SearchOption<S>[], open: boolean) {
  const [moved, setMoved] = useState<{ term: string; index: number } | null>(null);
  const own = moved !== null && moved.term === term && moved.index < options.length ? moved.index : null;
  const active = open ? (own ?? defaultActive(options)) : -1;

  /** Handles the arrow keys; true when the key was used. */
  const onArrow = (e: KeyboardEvent): boolean => {
    if (!open || options.length === 0 || (e.key !== 'ArrowDown' && e.key !== 'ArrowUp')) return false;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    const from = active < 0 ? (step === 1 ? -1 : options.length) : active;
    setMoved({ term, index: (from + step + options.length) % options.length });
    return true;
  };
  const option = active >= 0 ? options[active] : undefined;
  return { active, option, onArrow };
}
