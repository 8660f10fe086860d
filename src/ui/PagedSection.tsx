import type { ReactNode } from 'react';
import { Pagination } from './Pagination';
import { useKnownCount, usePager, type PagedUrl } from './usePagedUrl';
import './pagedSection.css';

/** What a paged list reads from its RTK Query result. */
export interface PagedQueryState {
  /** The last answer (kept while the next page loads); its totalPages once known. */
  data?: { totalPages: number };
  /** The answer for the current page and size, undefined while it loads. */
  currentData?: { totalPages: number };
  isFetching: boolean;
}

interface PagedSectionProps {
  /** The list's page and size in the URL (usePagedUrl), as its query used them. */
  list: PagedUrl;
  query: PagedQueryState;
  /** Accessible name of the pagination. */
  label: string;
  /**
   * `explorer` (default): First, ‹, the page, ›, Last and the page size (the specification's explorer pages plus
   * our additions). `dashboard`: the wallet dashboard's Prev, "Page n of m", Next (the specification's wallet dashboard).
   */
  variant?: 'explorer' | 'dashboard';
  children: ReactNode;
}

/**
 * The one paged-list component: the rows, then the pager, run by the pagination machine over
 * the URL (usePager). 0 pages read as one empty page. While another page loads the previous rows
 * stay, dimmed and marked busy; the buttons wait only for the list's first answer (before it the
 * page count is unknown).
 */
export function PagedSection({ list, query, label, variant = 'explorer', children }: PagedSectionProps) {
  const count = useKnownCount(query.currentData?.totalPages, list.size);
  const pager = usePager(list, count === undefined ? undefined : Math.max(1, count));
  const stale = query.currentData === undefined && query.isFetching && query.data !== undefined;
  return (
    <>
      <div className={stale ? 'is-stale' : undefined} aria-busy={query.isFetching}>
        {children}
      </div>
      <Pagination
        state={pager.state}
        send={pager.send}
        sizes={variant === 'explorer' ? list.sizes : undefined}
        disabled={query.data === undefined}
        label={label}
        variant={variant}
      />
    </>
  );
}
