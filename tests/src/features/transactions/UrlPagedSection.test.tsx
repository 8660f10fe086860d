/**
 * UrlPagedSection, the rows and pager of the blocks and all-transactions lists (page in the URL):
 * rows dimmed while another page loads, buttons waiting only for the first answer, and an old
 * link past the end moved to the last page once the count is known.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UrlPagedSection } from '../../../../src/features/transactions/UrlPagedSection';

type State = { page?: number; totalPages?: number; isLoading?: boolean; isFetching?: boolean };

function show({ page = 1, totalPages, isLoading = false, isFetching = false }: State, onPageChange = vi.fn()) {
  const ui = (s: State) => (
    <UrlPagedSection
      page={s.page ?? page}
      onPageChange={onPageChange}
      totalPages={s.totalPages}
      isLoading={s.isLoading ?? false}
      isFetching={s.isFetching ?? false}
      label="Rows pages"
    >
      <p>rows</p>
    </UrlPagedSection>
  );
  const r = render(ui({ page, totalPages, isLoading, isFetching }));
  return { onPageChange, rerender: (s: State) => r.rerender(ui(s)) };
}

describe('UrlPagedSection', () => {
  it('first load: rows busy but not dimmed, buttons disabled, no count yet', () => {
    show({ isLoading: true, isFetching: true });
    const rows = screen.getByText('rows').parentElement;
    expect(rows).toHaveAttribute('aria-busy', 'true');
    expect(rows).not.toHaveClass('is-stale');
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
  });

  it('another page loading: rows dimmed, buttons still usable', () => {
    show({ page: 2, totalPages: 6, isFetching: true });
    expect(screen.getByText('rows').parentElement).toHaveClass('is-stale');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByText('Page 2 of 6')).toBeInTheDocument();
  });

  it('an old link past the end goes to the last page once the count is known', () => {
    const { onPageChange, rerender } = show({ page: 9, isLoading: true, isFetching: true });
    expect(onPageChange).not.toHaveBeenCalled();
    rerender({ page: 9, totalPages: 6 });
    expect(onPageChange).toHaveBeenLastCalledWith(6);
  });
});
