import type { ReactNode } from 'react';
import { Pagination } from '../../ui/Pagination';

interface UrlPagedSectionProps {
  /** The page from the URL (usePageParam) and its setter. */
  page: number;
  onPageChange: (page: number) => void;
  /** From the API's totalPages once known; 0 pages reads as one (empty) page. */
  totalPages: number | undefined;
  isLoading: boolean;
  isFetching: boolean;
  /** Accessible name of the pagination. */
  label: string;
  children: ReactNode;
}

/**
 * The rows and the pager of a list whose page lives in the URL (the blocks and all-transactions
 * lists): the rows dim while another page loads and the buttons wait only for the first answer.
 * A page past the end (an old link, fewer rows now) goes to the last page: Pagination reports
 * the clamped page back (usePagination), and the URL follows.
 */
export function UrlPagedSection({ page, onPageChange, totalPages, isLoading, isFetching, label, children }: UrlPagedSectionProps) {
  return (
    <>
      <div className={isFetching && !isLoading ? 'is-stale' : undefined} aria-busy={isFetching}>
        {children}
      </div>
      <Pagination
        page={page}
        maxPage={totalPages !== undefined ? Math.max(1, totalPages) : undefined}
        onPageChange={onPageChange}
        disabled={isLoading}
        label={label}
      />
    </>
  );
}
