import type { ReactNode } from 'react';
import { Pagination } from '../../ui/Pagination';

interface PagedSectionProps {
  page: number;
  onPageChange: (page: number) => void;
  /** From the API's totalPages once known; 0 pages reads as one (empty) page. */
  totalPages: number | undefined;
  /** Accessible name of the pagination. */
  label: string;
  disabled?: boolean;
  children: ReactNode;
}

/** A list with First / previous / page / next under it (never below page 1, never past the last). */
export function PagedSection({ page, onPageChange, totalPages, label, disabled, children }: PagedSectionProps) {
  const maxPage = totalPages === undefined ? undefined : Math.max(1, totalPages);
  return (
    <>
      {children}
      <Pagination page={page} onPageChange={onPageChange} maxPage={maxPage} disabled={disabled} label={label} />
    </>
  );
}
