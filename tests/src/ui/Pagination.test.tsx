import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { clampPage, Pagination } from '../../../src/ui/Pagination';

function Harness({ maxPage, start = 1, variant }: { maxPage?: number; start?: number; variant?: 'explorer' | 'dashboard' }) {
  const [page, setPage] = useState(start);
  return <Pagination page={page} onPageChange={setPage} maxPage={maxPage} variant={variant} label="Pages" />;
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

  it('never reports a page out of range', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={0} onPageChange={onPageChange} maxPage={1} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    for (const name of ['First', 'Previous', 'Next']) {
      await user.click(screen.getByRole('button', { name }));
    }
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('can disable everything while a page loads', () => {
    render(<Pagination page={3} onPageChange={() => {}} disabled />);
    for (const b of screen.getAllByRole('button')) expect(b).toBeDisabled();
  });

  it('clampPage keeps pages within 1 … max', () => {
    expect(clampPage(-3)).toBe(1);
    expect(clampPage(0)).toBe(1);
    expect(clampPage(Number.NaN)).toBe(1);
    expect(clampPage(2.7)).toBe(2);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3, 0)).toBe(3);
  });

  describe('dashboard variant (spec section 5)', () => {
    it('shows Prev, "Page n of m" and Next, without First, in the dashboard pager', () => {
      render(<Harness variant="dashboard" maxPage={3} />);
      const nav = screen.getByRole('navigation', { name: 'Pages' });
      expect(nav).toHaveClass('dash-pager');
      expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Prev', 'Next']);
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
