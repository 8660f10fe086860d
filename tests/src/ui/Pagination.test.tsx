/**
 * Pagination, the view of the pagination machine: which buttons the machine's state enables,
 * the texts of the spec (First, previous, 'Page n' / 'Page n of m', next; the dashboard's Prev /
 * Next) and the additions of issue #25 (Last, the page size). The owner here is plain React
 * state; on the real pages it is the URL (tests/src/ui/usePagedUrl.test.tsx).
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pagerState, pagerStep } from '../../../src/machines/paginationMachine';
import { Pagination } from '../../../src/ui/Pagination';

interface HarnessProps {
  maxPage?: number;
  start?: number;
  variant?: 'explorer' | 'dashboard';
  sizes?: readonly number[];
}

function Harness({ maxPage, start = 1, variant, sizes }: HarnessProps) {
  const [view, setView] = useState({ page: start, size: 20 });
  const state = pagerState({ ...view, pageCount: maxPage ?? null });
  return <Pagination state={state} send={(e) => setView(pagerStep(state, e).context)} sizes={sizes} variant={variant} label="Pages" />;
}

describe('Pagination', () => {
  it('shows First, previous, the page number and next, starting at 1 with the start disabled', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('moves forward and back and never goes below 1', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First' }));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('disables Next on the last page when the page count is known', async () => {
    const user = userEvent.setup();
    render(<Harness maxPage={2} />);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('never sends a move out of range', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<Pagination state={pagerState({ page: 0, pageCount: 1 })} send={send} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    for (const name of ['First', 'Previous', 'Next', 'Last']) {
      await user.click(screen.getByRole('button', { name }));
    }
    expect(send).not.toHaveBeenCalled();
  });

  it('can disable everything while a page loads', () => {
    render(<Pagination state={pagerState({ page: 3 })} send={() => {}} sizes={[10, 20]} disabled />);
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeDisabled();
  });

  it('the machine keeps pages within 1 … count (the clamp rules, once)', () => {
    const page = (p: number, count: number | null = null) => pagerState({ page: p, pageCount: count }).context.page;
    expect(page(-3)).toBe(1);
    expect(page(0)).toBe(1);
    expect(page(Number.NaN)).toBe(1);
    expect(page(2.7)).toBe(2);
    expect(page(9, 5)).toBe(5);
    expect(page(3)).toBe(3);
    expect(page(3, 0)).toBe(1);
  });

  it('Last goes to the last page once the count is known, and is disabled before', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    unmount();
    render(<Harness maxPage={7} start={2} />);
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.getByText('Page 7 of 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'First' })).toBeEnabled();
  });

  it("the spec's controls come first, in its order; Last and the size after them", () => {
    render(<Harness maxPage={3} sizes={[10, 20, 25, 50, 100]} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['First', 'Previous', 'Next', 'Last']);
    expect(within(nav).getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
    expect(
      within(nav)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '25', '50', '100']);
  });

  it('a new page size keeps the first row shown in view', async () => {
    const user = userEvent.setup();
    render(<Harness maxPage={10} start={6} sizes={[10, 20, 50]} />);
    expect(screen.getByText('Page 6 of 10')).toBeInTheDocument();
    // Rows 101-120 at 20 a page: row 101 is on page 3 at 50 a page.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    // (This owner keeps saying 10 pages; PagedSection counts again for the new size.)
    expect(screen.getByText('Page 3 of 10')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('50');
  });

  describe('dashboard variant (specification: wallet dashboard)', () => {
    it('shows Prev, "Page n of m" and Next, without First, in the dashboard pager', () => {
      render(<Harness variant="dashboard" maxPage={3} />);
      const nav = screen.getByRole('navigation', { name: 'Pages' });
      expect(nav).toHaveClass('dash-pager');
      expect(
        within(nav)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Prev', 'Next']);
      expect(within(nav).getByText('Page 1 of 3')).toBeInTheDocument();
      expect(within(nav).getByRole('button', { name: 'Prev' })).toBeDisabled();
      expect(within(nav).getByRole('button', { name: 'Next' })).toBeEnabled();
    });

    it('never goes below 1 nor above the page count; Prev and Next disabled at the ends', async () => {
      const user = userEvent.setup();
      render(<Harness variant="dashboard" maxPage={2} />);
      await user.click(screen.getByRole('button', { name: 'Prev' }));
      expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Prev' }));
      expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    });

    it('a count of 0 (no rows) still reads Page 1 of 1 with both buttons disabled', () => {
      render(<Harness variant="dashboard" maxPage={0} />);
      expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
      for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
    });
  });
});
