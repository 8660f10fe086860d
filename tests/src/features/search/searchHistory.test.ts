import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToHistory,
  clearHistory,
  parseHistory,
  readHistory,
  removeFromHistory,
  withTerm,
  withoutTerm,
} from '../../../../src/lib/searchHistory';
import { SEARCH_HISTORY_KEY } from '../../../../src/sections/search/texts';
import { useSearchHistory } from '../../../../src/features/search/useSearchHistory';

describe('search history helpers', () => {
  beforeEach(() => localStorage.clear());

  it('withTerm puts the term first, keeps terms distinct and at most 5', () => {
    let h: string[] = [];
    for (const t of ['a', 'b', 'c', 'd', 'e', 'f']) h = withTerm(h, t);
    expect(h).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(withTerm(h, 'c')).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(withTerm(h, '  g  ')).toEqual(['g', 'f', 'e', 'd', 'c']);
  });

  it('withTerm ignores an empty term; withoutTerm removes one entry', () => {
    expect(withTerm(['a'], '   ')).toEqual(['a']);
    expect(withoutTerm(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(withoutTerm(['a'], 'zz')).toEqual(['a']);
  });

  it('parseHistory survives junk: bad JSON, non-arrays, non-strings, duplicates, too many', () => {
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('{oops')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory(JSON.stringify(['x', 1, null, 'x', ' y ', '', 'z', 'w', 'v', 'u']))).toEqual(['x', 'y', 'z', 'w', 'v']);
  });

  it('add, remove and clear persist in localStorage as a JSON list of strings', () => {
    addToHistory('block 5');
    addToHistory('Ruby Gold');
    addToHistory('block 5');
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['block 5', 'Ruby Gold']);
    removeFromHistory('block 5');
    expect(readHistory()).toEqual(['Ruby Gold']);
    clearHistory();
    expect(localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
    expect(readHistory()).toEqual([]);
  });

  it('readHistory returns the same array until the stored value changes (stable snapshot)', () => {
    addToHistory('a');
    expect(readHistory()).toBe(readHistory());
  });

  it('useSearchHistory follows changes from this tab and from other tabs', () => {
    const { result } = renderHook(() => useSearchHistory());
    expect(result.current).toEqual([]);
    act(() => addToHistory('one'));
    expect(result.current).toEqual(['one']);
    act(() => {
      localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['other tab']));
      window.dispatchEvent(new StorageEvent('storage', { key: SEARCH_HISTORY_KEY }));
    });
    expect(result.current).toEqual(['other tab']);
  });
});
