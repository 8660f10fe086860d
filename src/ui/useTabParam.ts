/**
 * A screen's selected tab in the URL (?tab=token-transfers; the first tab needs none), so every
 * tab can be linked, survives a reload and Back / Forward move between tabs (architecture rule 3).
 *
 * A tab change pushes a history entry, like a page change: a tab is a view the visitor chose, with
 * its own address, and Back should return to the tab they came from (Etherscan's tab anchors and
 * Blockscout's ?tab= do the same). It drops the list's ?page= and ?ps= and the tab's ?view= (and the code view's ?file=&line=): they
 * belonged to the previous tab. An unknown ?tab= shows the first tab and is replaced by the bare address.
 */
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { tabSlug, VIEW_PARAMS } from '../app/urls';

/** The tab a ?tab= value names among `tabs` (by slug, any case), or undefined. */
export function readTab<T extends string>(raw: string | null, tabs: readonly T[]): T | undefined {
  if (raw === null) return undefined;
  const slug = tabSlug(raw);
  return tabs.find((t) => tabSlug(t) === slug);
}

/**
 * `tabs`: every tab the screen may show, the default first (include tabs shown only sometimes,
 * such as Withdrawals, so a link to one is not thrown away while the screen finds out).
 */
export function useTabParam<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  if (first === undefined) throw new Error('useTabParam needs at least one tab');
  const raw = params.get(VIEW_PARAMS.tab);
  const named = readTab(raw, tabs);
  const tab = named ?? first;
  const canonical = tab === first ? null : tabSlug(tab);

  // ?tab=First or ?tab=nonsense: the address bar follows the screen (replace, no new entry).
  useEffect(() => {
    if (raw !== canonical) {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (canonical === null) p.delete(VIEW_PARAMS.tab);
          else p.set(VIEW_PARAMS.tab, canonical);
          return p;
        },
        { replace: true },
      );
    }
  }, [raw, canonical, setParams]);

  const setTab = useCallback(
    (next: T) => {
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        p.delete(VIEW_PARAMS.page);
        p.delete(VIEW_PARAMS.size);
        p.delete(VIEW_PARAMS.view);
        p.delete(VIEW_PARAMS.file);
        p.delete(VIEW_PARAMS.line);
        if (next === first) p.delete(VIEW_PARAMS.tab);
        else p.set(VIEW_PARAMS.tab, tabSlug(next));
        return p;
      });
    },
    [setParams, first],
  );
  return [tab, setTab];
}
