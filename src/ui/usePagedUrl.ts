/**
 * The one pagination hook of the app: a list's page (?page=N) and page size (?ps=N) live in the
 * URL, so a reload, a shared link and back / forward keep them (architecture rule 3). The
 * pagination machine (src/machines/paginationMachine.ts) runs the pager: its state is derived
 * from the URL and the page count on every render, never copied into an actor, and each move it
 * makes is written back to the URL (a new history entry, so Back undoes it). A page the machine
 * corrects (below 1, past the last, unreadable) replaces the URL entry instead.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'wouter';
import { PAGE_SIZE } from '../../common/spec';
import { pageSizes, readPage, readSize } from '../../common/pageView';
import { VIEW_PARAMS } from '../app/urls';
import { pagerState, pagerStep, type PagerMove, type PagerState } from '../machines/paginationMachine';

// Shared with the server's preloads (common/pageView.ts); exported here for the screens and tests that read them.
export { pageSizes, readPage, readSize };

export interface PagedUrl {
  /** The page the URL asks for (≥ 1): what the list's query fetches. */
  page: number;
  /** The page size the URL asks for (one of `sizes`), else the default. */
  size: number;
  defaultSize: number;
  sizes: readonly number[];
  /** The raw ?page= and ?ps= values, to see whether the URL says what the screen shows. */
  raw: { page: string | null; size: string | null };
  /** Writes a page and size to the URL: 'push' for a user's move, 'replace' for a correction. */
  write: (view: { page: number; size: number }, how: 'push' | 'replace') => void;
}

/** The list's page and size from the URL; call it where the list's query is made. */
export function usePagedUrl(defaultSize: number = PAGE_SIZE): PagedUrl {
  const [params, setParams] = useSearchParams();
  const sizes = useMemo(() => pageSizes(defaultSize), [defaultSize]);
  const rawPage = params.get(VIEW_PARAMS.page);
  const rawSize = params.get(VIEW_PARAMS.size);
  const write = useCallback<PagedUrl['write']>(
    ({ page, size }, how) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (page <= 1) p.delete(VIEW_PARAMS.page);
          else p.set(VIEW_PARAMS.page, String(page));
          if (size === defaultSize) p.delete(VIEW_PARAMS.size);
          else p.set(VIEW_PARAMS.size, String(size));
          return p;
        },
        { replace: how === 'replace' },
      );
    },
    [setParams, defaultSize],
  );
  return {
    page: readPage(rawPage),
    size: readSize(rawSize, sizes, defaultSize),
    defaultSize,
    sizes,
    raw: { page: rawPage, size: rawSize },
    write,
  };
}

/**
 * The count of pages of the current size: the answer for this page when it has come, else the
 * last answer while it was for the same size (a count for another size would clamp wrongly).
 */
export function useKnownCount(current: number | undefined, size: number): number | undefined {
  const [known, setKnown] = useState<{ size: number; count: number } | null>(null);
  // Kept from earlier renders: React's pattern for "information from previous renders".
  if (current !== undefined && (known?.size !== size || known.count !== current)) setKnown({ size, count: current });
  return current ?? (known?.size === size ? known.count : undefined);
}

export interface Pager {
  state: PagerState;
  /** Runs a move through the machine and writes the new page / size to the URL (push). */
  send: (move: PagerMove) => void;
}

/**
 * The machine over the URL. Its state comes from the URL's page and size and the known count;
 * when it differs from what the URL says (an old link past the end, ?page=-4, ?ps=7), the URL
 * entry is replaced, so the address bar follows the screen.
 */
export function usePager(list: PagedUrl, pageCount: number | undefined): Pager {
  const pageAsked = list.raw.page === null ? 1 : /^-?\d{1,9}$/.test(list.raw.page.trim()) ? Number(list.raw.page.trim()) : Number.NaN;
  const state = pagerState({ page: pageAsked, pageCount: pageCount ?? null, size: list.size });
  const { page, size } = state.context;
  const wantPage = page > 1 ? String(page) : null;
  const wantSize = size !== list.defaultSize ? String(size) : null;
  const { write } = list;
  const differs = list.raw.page !== wantPage || list.raw.size !== wantSize;
  useEffect(() => {
    if (differs) write({ page, size }, 'replace');
  }, [differs, write, page, size]);

  const send = (move: PagerMove) => {
    const next = pagerStep(state, move).context;
    if (next.page !== page || next.size !== size) write(next, 'push');
  };
  return { state, send };
}
