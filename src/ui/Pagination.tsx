import { PAGINATION } from '../../common/spec';

interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  onPageChange: (page: number) => void;
  /** Last page when known: Next is disabled there. Without it Next is always allowed. */
  maxPage?: number;
  /** Disables every button (e.g. while a page loads). */
  disabled?: boolean;
  label?: string;
}

/** Keeps a requested page within 1 … maxPage (the spec: never below 1). */
export function clampPage(page: number, maxPage?: number): number {
  const upper = maxPage !== undefined && maxPage >= 1 ? maxPage : Number.POSITIVE_INFINITY;
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, p), upper);
}

/** First, previous, page number, next (spec sections 2 and 5). */
export function Pagination({ page, onPageChange, maxPage, disabled = false, label = 'Pagination' }: PaginationProps) {
  const current = clampPage(page, maxPage);
  const atStart = current <= 1;
  const atEnd = maxPage !== undefined && current >= maxPage;
  const go = (target: number) => {
    const next = clampPage(target, maxPage);
    if (next !== current) onPageChange(next);
  };

  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--small" disabled={disabled || atStart} onClick={() => go(1)}>
        {PAGINATION.first}
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-label={PAGINATION.previous}
        disabled={disabled || atStart}
        onClick={() => go(current - 1)}
      >
        ‹
      </button>
      <span className="pagination__page" aria-current="page">
        {maxPage !== undefined ? `Page ${current} of ${Math.max(1, maxPage)}` : `Page ${current}`}
      </span>
      <button
        type="button"
        className="btn btn--small"
        aria-label={PAGINATION.next}
        disabled={disabled || atEnd}
        onClick={() => go(current + 1)}
      >
        ›
      </button>
    </nav>
  );
}
