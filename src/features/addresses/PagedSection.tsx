import type { ReactNode } from 'react';
import { Pagination } from '../../ui/Pagination';

/** What a paged list reads from its RTK Query result. */
export interface PagedQueryState {
  /** The last answer (kept while the next page loads); its totalPages once known. */
  data?: { totalPages: number };
  /** The answer for the current page, undefined while it loads. */
  currentData?: unknown;
  isFetching: boolean;
}

/** A paged tab of a detail page: whose list, and the page its owner keeps. */
export interface PagedTabProps {
  address: string;
  page: number;
  onPageChange: (page: number) => void;
}

interface PagedSectionProps {
  page: number;
  onPageChange: (page: number) => void;
  query: PagedQueryState;
  /** Accessible name of the pagination. */
  label: string;
  children: ReactNode;
}

/**
 * A list with First / previous / page / next under it (never below page 1, never past the last;
 * 0 pages reads as one empty page). While another page loads the previous rows stay, dimmed and
 * marked busy, and the buttons wait.
 */
export function PagedSection({ page, onPageChange, query, label, children }: PagedSectionProps) {
  const totalPages = query.data?.totalPages;
  const maxPage = totalPages === undefined ? undefined : Math.max(1, totalPages);
  const stale = query.currentData === undefined && query.isFetching;
  return (
    <>
      <div className={stale ? 'is-stale' : undefined} aria-busy={query.isFetching}>
        {children}
      </div>
      <Pagination page={page} onPageChange={onPageChange} maxPage={maxPage} disabled={query.isFetching} label={label} />
    </>
  );
}
