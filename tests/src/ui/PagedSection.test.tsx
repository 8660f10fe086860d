/**
 * PagedSection, the one paged list of the app (blocks, all transactions, address, token,
 * contract, top accounts, catalogues, dashboard): the page count from the query's answers, the
 * previous rows dimmed and busy while another page loads, the buttons waiting only for the first
 * answer, and an old link past the end moved to the last page once the count is known, in the
 * URL too. (The cases of the former UrlPagedSection test are here.)
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PagedSection, type PagedQueryState } from '../../../src/ui/PagedSection';
import { usePagedUrl } from '../../../src/ui/usePagedUrl';
import { renderWithProviders } from '../utils/renderWithProviders';

const owner = { set: (_q: PagedQueryState) => {} };

/** `respond`: the answer for a page and size, as RTK Query's currentData would be (undefined: loading). */
function List({ start, respond }: { start: PagedQueryState; respond?: (page: number, size: number) => PagedQueryState }) {
  const list = usePagedUrl(20);
  const [state, setQuery] = useState(start);
  useEffect(() => {
    owner.set = setQuery;
  }, []);
  const query = respond ? respond(list.page, list.size) : state;
  return (
    <PagedSection list={list} query={query} label="Rows pages">
      <p>rows</p>
    </PagedSection>
  );
}

function show(query: PagedQueryState, path = '/Rows', respond?: (page: number, size: number) => PagedQueryState) {
  return renderWithProviders(<List start={query} respond={respond} />, { path });
}

const rows = () => screen.getByText('rows').parentElement;
const answer = (totalPages: number) => ({ totalPages });

describe('PagedSection', () => {
  it('shows the rows and the pager with the count from the answer', () => {
    show({ data: answer(3), currentData: answer(3), isFetching: false });
    expect(rows()).not.toHaveClass('is-stale');
    expect(rows()).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByRole('navigation', { name: 'Rows pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('first load: rows busy but not dimmed, buttons disabled, no count yet', () => {
    show({ isFetching: true });
    expect(rows()).toHaveAttribute('aria-busy', 'true');
    expect(rows()).not.toHaveClass('is-stale');
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
    const nav = screen.getByRole('navigation', { name: 'Rows pages' });
    expect(nav).toHaveTextContent('Page 1');
    expect(nav).not.toHaveTextContent(/ of /);
  });

  it('another page loading: the last rows dimmed and busy, the count kept, the buttons usable', () => {
    show({ data: answer(6), currentData: answer(6), isFetching: false }, '/Rows?page=2');
    act(() => owner.set({ data: answer(6), currentData: undefined, isFetching: true }));
    expect(rows()).toHaveClass('is-stale');
    expect(rows()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Page 2 of 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('a refetch of the same page is busy but not dimmed', () => {
    show({ data: answer(3), currentData: answer(3), isFetching: true });
    expect(rows()).not.toHaveClass('is-stale');
    expect(rows()).toHaveAttribute('aria-busy', 'true');
  });

  it('reads 0 pages as one empty page', () => {
    show({ data: answer(0), currentData: answer(0), isFetching: false });
    expect(screen.getByRole('navigation', { name: 'Rows pages' })).toHaveTextContent('Page 1 of 1');
    for (const name of ['First', 'Previous', 'Next', 'Last']) expect(screen.getByRole('button', { name })).toBeDisabled();
  });

  it('an old link past the end goes to the last page once the count is known, replacing the URL entry', () => {
    const { history } = show({ isFetching: true }, '/Rows?page=9');
    expect(history).toEqual(['/Rows?page=9']);
    act(() => owner.set({ data: answer(6), currentData: answer(6), isFetching: false }));
    expect(screen.getByText('Page 6 of 6')).toBeInTheDocument();
    expect(history).toEqual(['/Rows?page=6']);
  });

  it('moves push a URL entry each; the page size goes to ?ps= and back to the first row shown', () => {
    // 160 rows; at 100 a page the answer has not come yet (the count of 8 was for 20 a page).
    const respond = (_page: number, size: number): PagedQueryState =>
      size === 20
        ? { data: answer(8), currentData: answer(8), isFetching: false }
        : { data: answer(8), currentData: undefined, isFetching: true };
    const { history } = show({ isFetching: false }, '/Rows?tab=x&page=3', respond);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(history.at(-1)).toBe('/Rows?tab=x&page=4');
    fireEvent.click(screen.getByRole('button', { name: 'Last' }));
    expect(history.at(-1)).toBe('/Rows?tab=x&page=8');
    // Rows 141-160 at 20 a page: row 141 is on page 2 at 100 a page.
    fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: '100' } });
    expect(history.at(-1)).toBe('/Rows?tab=x&page=2&ps=100');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('100');
    // The count of 8 was for 20 a page: not applied to 100 a page (no clamp to a wrong last page).
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'First' }));
    expect(history.at(-1)).toBe('/Rows?tab=x&ps=100');
    expect(history).toHaveLength(5);
  });

  it('an unreadable page or size is replaced by what the screen shows', () => {
    const { history } = show({ data: answer(3), currentData: answer(3), isFetching: false }, '/Rows?page=-4&ps=7');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
    expect(history).toEqual(['/Rows']);
  });
});
