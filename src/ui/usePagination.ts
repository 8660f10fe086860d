import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { clampPage as clampInto, paginationMachine, type PaginationEvent } from '../machines/paginationMachine';

/** Keeps a requested page within 1 … maxPage (the spec: never below 1); no max below 1. */
export function clampPage(page: number, maxPage?: number): number {
  return clampInto(page, maxPage !== undefined && maxPage >= 1 ? maxPage : null);
}

export interface PaginationView {
  page: number;
  pageCount: number | null;
  canGoBack: boolean;
  canGoForward: boolean;
  /** Sends a move; reports the new page to the owner when it changed. */
  go: (event: Extract<PaginationEvent, { type: 'page.next' | 'page.prev' | 'page.first' }>) => void;
}

/**
 * The pagination machine behind a controlled component: the owner keeps the page (often in
 * the URL) and the page count; both are sent in as page.set / page.count when they change, and
 * the moves the user makes come back through onPageChange.
 */
export function usePagination(page: number, maxPage: number | undefined, onPageChange: (page: number) => void): PaginationView {
  const pageCount = maxPage === undefined ? null : maxPage;
  const [state, send, actor] = useMachine(paginationMachine, { input: { page, pageCount } });

  const reportRef = useRef(onPageChange);
  useEffect(() => {
    reportRef.current = onPageChange;
  }, [onPageChange]);

  // The owner's page and count flow in; a page past the last one (an old link, fewer rows
  // now) is reported back as the last page so the owner (often the URL) follows.
  useEffect(() => {
    send({ type: 'page.count', pageCount });
    send({ type: 'page.set', page });
    const clamped = actor.getSnapshot().context.page;
    if (clamped < page) reportRef.current(clamped);
  }, [actor, send, page, pageCount]);

  const go: PaginationView['go'] = (event) => {
    const before = actor.getSnapshot().context.page;
    send(event);
    const after = actor.getSnapshot().context.page;
    if (after !== before) onPageChange(after);
  };

  return {
    page: state.context.page,
    pageCount: state.context.pageCount,
    canGoBack: state.matches('middle') || state.matches('last'),
    canGoForward: state.matches('first') || state.matches('middle'),
    go,
  };
}
