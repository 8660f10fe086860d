/**
 * Model-based test of the pagination machine: every shortest path the model generates is run
 * against the rendered Pagination, owned (as on the list pages) by the ?page= URL parameter,
 * and each state is checked as the user sees it: the page label, which buttons are enabled,
 * the URL. The page count comes from the owner (the API's totalPages on a real page).
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { usePageParam } from '../../src/features/transactions/usePageParam';
import { paginationMachine, type PaginationEvent } from '../../src/machines/paginationMachine';
import { Pagination } from '../../src/ui/Pagination';
import { renderWithProviders } from '../src/utils/renderWithProviders';
import { machinePaths, pathCoverage, reportCoverage } from './coverage';

const COUNT = 3;
const owner = { setCount: (_count: number | undefined) => {} };

function ListPage() {
  const [page, setPage] = usePageParam();
  const [count, setCount] = useState<number | undefined>(COUNT);
  useEffect(() => {
    owner.setCount = setCount;
  }, []);
  return <Pagination page={page} onPageChange={setPage} maxPage={count} label="Blocks pages" />;
}

const events: PaginationEvent[] = [
  { type: 'page.set', page: 1 },
  { type: 'page.set', page: 2 },
  { type: 'page.set', page: 3 },
  { type: 'page.count', pageCount: 1 },
  { type: 'page.count', pageCount: null },
  { type: 'page.count', pageCount: COUNT },
];

const paths = machinePaths(paginationMachine, { input: { page: 1, pageCount: COUNT }, events });

const button = (name: string) => screen.getByRole('button', { name });

describe('pagination machine, path by path on the rendered Pagination', () => {
  afterAll(() => reportCoverage(pathCoverage(paginationMachine, paths)));

  for (const path of paths) {
    it(path.description, async () => {
      const { history, navigate } = renderWithProviders(<ListPage />, { path: '/Allblock' });
      const urlPage = () => Number(new URLSearchParams(history.at(-1)?.split('?')[1] ?? '').get('page') ?? '1');

      const expectView = (page: number, count: number | null, back: boolean, forward: boolean) => {
        expect(screen.getByText(count === null ? `Page ${page}` : `Page ${page} of ${count}`)).toBeInTheDocument();
        expect(urlPage()).toBe(page);
        for (const name of ['First', 'Previous']) expect(button(name)).toHaveProperty('disabled', !back);
        expect(button('Next')).toHaveProperty('disabled', !forward);
      };

      await path.test({
        states: {
          only: (s) => expectView(s.context.page, s.context.pageCount, false, false),
          first: (s) => expectView(s.context.page, s.context.pageCount, false, true),
          middle: (s) => expectView(s.context.page, s.context.pageCount, true, true),
          last: (s) => expectView(s.context.page, s.context.pageCount, true, false),
        },
        events: {
          'page.next': () => void fireEvent.click(button('Next')),
          'page.prev': () => void fireEvent.click(button('Previous')),
          'page.first': () => void fireEvent.click(button('First')),
          'page.set': ({ event }) => {
            const { page } = event as Extract<PaginationEvent, { type: 'page.set' }>;
            act(() => navigate(page <= 1 ? '/Allblock' : `/Allblock?page=${page}`));
          },
          'page.count': ({ event }) => {
            const { pageCount } = event as Extract<PaginationEvent, { type: 'page.count' }>;
            act(() => owner.setCount(pageCount ?? undefined));
          },
        },
      });
    });
  }
});
