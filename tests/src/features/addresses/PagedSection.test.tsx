/**
 * PagedSection, the paged list of the address, token, contract, top-accounts and catalogue
 * pages: the page count from the query's last answer, the previous rows dimmed and busy while
 * another page loads, the buttons waiting meanwhile.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PagedSection, type PagedQueryState } from '../../../../src/features/addresses/PagedSection';

function show(query: PagedQueryState, page = 1) {
  return render(
    <PagedSection page={page} onPageChange={() => {}} query={query} label="Rows pages">
      <p>rows</p>
    </PagedSection>,
  );
}

describe('PagedSection', () => {
  it('shows the rows and the pager with the count from the answer', () => {
    const answer = { totalPages: 3 };
    show({ data: answer, currentData: answer, isFetching: false });
    const rows = screen.getByText('rows').parentElement;
    expect(rows).not.toHaveClass('is-stale');
    expect(rows).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('navigation', { name: 'Rows pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('keeps the last rows dimmed and busy while the next page loads, the buttons disabled', () => {
    show({ data: { totalPages: 3 }, currentData: undefined, isFetching: true }, 2);
    const rows = screen.getByText('rows').parentElement;
    expect(rows).toHaveClass('is-stale');
    expect(rows).toHaveAttribute('aria-busy', 'true');
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
  });

  it('a refetch of the same page is busy but not dimmed', () => {
    const answer = { totalPages: 3 };
    show({ data: answer, currentData: answer, isFetching: true });
    expect(screen.getByText('rows').parentElement).not.toHaveClass('is-stale');
  });

  it('reads 0 pages as one empty page, and an unknown count as no last page', () => {
    const empty = { totalPages: 0 };
    const { unmount } = show({ data: empty, currentData: empty, isFetching: false });
    expect(screen.getByRole('navigation', { name: 'Rows pages' })).toHaveTextContent('Page 1 of 1');
    unmount();
    show({ isFetching: true });
    const nav = screen.getByRole('navigation', { name: 'Rows pages' });
    expect(nav).toHaveTextContent('Page 1');
    expect(nav).not.toHaveTextContent(/ of /);
  });
});
