import { useId } from 'react';
import { UI_TEXTS } from './texts';
import { defineTexts } from '../lib/i18n';
import { fillMessage, PAGINATION } from '../../common/spec';
import type { PagerMove, PagerState } from '../machines/paginationMachine';

/** Texts of the pager's additions beyond the spec's First / previous / page / next. */
export const PAGER_TEXTS = defineTexts('ui.pager', {
  last: 'Last',
  size: 'Rows per page',
} as const);

interface PaginationProps {
  /** The pagination machine's state (usePager): the page, the count, what each button may do. */
  state: PagerState;
  send: (move: PagerMove) => void;
  /** Offered page sizes: a size choice after the buttons (explorer variant only). */
  sizes?: readonly number[];
  /** Disables every control (e.g. until the list's first answer). */
  disabled?: boolean;
  label?: string;
  /**
   * `explorer` (default): First, ‹, the page, ›, then Last (the specification's explorer pages).
   * `dashboard`: the wallet dashboard's Prev, "Page n of m", Next (the specification's wallet dashboard), without First.
   */
  variant?: 'explorer' | 'dashboard';
}

/**
 * First, previous, page number, next (the specification): a view of the pagination machine
 * (src/machines/paginationMachine.ts). A button is enabled exactly when the machine's current
 * state accepts its event, so the clamp rules are the machine's alone.
 */
export function Pagination({ state, send, sizes, disabled = false, label = UI_TEXTS.pagination, variant = 'explorer' }: PaginationProps) {
  const sizeId = useId();
  const { page, pageCount, size } = state.context;
  const can = (type: 'page.next' | 'page.prev' | 'page.first' | 'page.last') => !disabled && state.can({ type });
  const pageText =
    pageCount !== null
      ? fillMessage(PAGINATION.pageOf, { page: String(page), pages: String(pageCount) })
      : fillMessage(PAGINATION.page, { page: String(page) });

  if (variant === 'dashboard') {
    return (
      <nav className="dash-pager" aria-label={label}>
        <button type="button" className="btn" disabled={!can('page.prev')} onClick={() => send({ type: 'page.prev' })}>
          {PAGINATION.prev}
        </button>
        <span>{pageText}</span>
        <button type="button" className="btn" disabled={!can('page.next')} onClick={() => send({ type: 'page.next' })}>
          {PAGINATION.next}
        </button>
      </nav>
    );
  }

  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn btn--small" disabled={!can('page.first')} onClick={() => send({ type: 'page.first' })}>
        {PAGINATION.first}
      </button>
      <button
        type="button"
        className="btn btn--small"
        aria-label={PAGINATION.previous}
        disabled={!can('page.prev')}
        onClick={() => send({ type: 'page.prev' })}
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
        disabled={!can('page.next')}
        onClick={() => send({ type: 'page.next' })}
      >
        ›
      </button>
      <button type="button" className="btn btn--small" disabled={!can('page.last')} onClick={() => send({ type: 'page.last' })}>
        {PAGER_TEXTS.last}
      </button>
      {sizes && sizes.length > 1 && (
        <span className="pagination__size">
          <label htmlFor={sizeId}>{PAGER_TEXTS.size}</label>
          <select id={sizeId} value={size} disabled={disabled} onChange={(e) => send({ type: 'page.size', size: Number(e.target.value) })}>
            {sizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </span>
      )}
    </nav>
  );
}
