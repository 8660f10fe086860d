import { fillMessage, PAGINATION } from '../../common/spec';
import { usePagination } from './usePagination';

export { clampPage } from './usePagination';

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Last page when known: Next is disabled there. Without it Next is always allowed. */
  maxPage?: number;
  /** Disables every button (e.g. while a page loads). */
  disabled?: boolean;
  label?: string;
  /**
   * `explorer` (default): First, ‹, the page, › (docs/decisions.md#spec-screens). `dashboard`: the wallet
   * dashboard's Prev, "Page n of m", Next (docs/decisions.md#spec-validation), without First.
   */
  variant?: 'explorer' | 'dashboard';
}

/**
 * First, previous, page number, next (docs/decisions.md#spec-screens, #spec-validation): a view of the pagination machine
 * (src/machines/paginationMachine.ts), which keeps the page within 1 … count and says which
 * moves are possible.
 */
export function Pagination({ page, onPageChange, maxPage, disabled = false, label = 'Pagination', variant = 'explorer' }: PaginationProps) {
  const view = usePagination(page, maxPage, onPageChange);
  const pageText =
    view.pageCount !== null
      ? fillMessage(PAGINATION.pageOf, { page: String(view.page), pages: String(view.pageCount) })
      : fillMessage(PAGINATION.page, { page: String(view.page) });

  if (variant === 'dashboard') {
    return (
      <nav className="dash-pager" aria-label={label}>
        <button type="button" className="btn" disabled={disabled || !view.canGoBack} onClick={() => view.go({ type: 'page.prev' })}>
          {PAGINATION.prev}
        </button>
        <span>{pageText}</span>
        <button type="button" className="btn" disabled={disabled || !view.canGoForward} onClick={() => view.go({ type: 'page.next' })}>
          {PAGINATION.next}
        </button>
      </nav>
    );
  }

  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--small" disabled={disabled || !view.canGoBack} onClick={() => view.go({ type: 'page.first' })}>
        {PAGINATION.first}
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-label={PAGINATION.previous}
        disabled={disabled || !view.canGoBack}
        onClick={() => view.go({ type: 'page.prev' })}
      >
        ‹
      </button>
      <span className="pagination__page" aria-current="page">
        {pageText}
      </span>
      <button
        type="button"
        className="btn btn--small"
        aria-label={PAGINATION.next}
        disabled={disabled || !view.canGoForward}
        onClick={() => view.go({ type: 'page.next' })}
      >
        ›
      </button>
    </nav>
  );
}
