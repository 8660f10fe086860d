/**
 * Model-based test of the pagination machine: every shortest path the model generates is run
 * against a list as the pages build it (usePagedUrl + PagedSection, the page and size in the
 * URL), and each state is checked as the user sees it: the page label, which buttons are
 * enabled, the size choice, and the URL (?page=, ?ps=). The page count comes from the list's
 * answer for the current size, as the API's totalPages does on a real page; a page typed into
 * the URL (an old link, a hand edit) is the page.set event.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { paginationMachine, type PaginationEvent } from '../../src/machines/paginationMachine';
import { PagedSection } from '../../src/ui/PagedSection';
import { usePagedUrl } from '../../src/ui/usePagedUrl';
import { renderWithProviders } from '../src/utils/renderWithProviders';
import { pathCoverage, reportCoverage } from './coverage';
import { PAGINATION_COUNT, PAGINATION_SIZE, paginationPaths } from './models/pagination';

const COUNT = PAGINATION_COUNT;
const SIZE = PAGINATION_SIZE;
const owner = { setCount: (_count: number) => {} };

/** The list's answer: its page count, for the size it was asked with. */
function ListPage() {
  const list = usePagedUrl(SIZE);
  const [answer, setAnswer] = useState<{ size: number; count: number }>({ size: SIZE, count: COUNT });
  useEffect(() => {
    owner.setCount = (count) => setAnswer({ size: list.size, count });
  }, [list.size]);
  const current = answer.size === list.size ? { totalPages: answer.count } : undefined;
  const query = { data: { totalPages: answer.count }, currentData: current, isFetching: current === undefined };
  return (
    <PagedSection list={list} query={query} label="Blocks pages">
      <p>rows</p>
    </PagedSection>
  );
}

const paths = paginationPaths();

const button = (name: string) => screen.getByRole('button', { name });

describe('pagination machine, path by path on a list whose page lives in the URL', () => {
  afterAll(() => reportCoverage(pathCoverage(paginationMachine, paths)));

  for (const path of paths) {
    it(path.description, async () => {
      const { history, navigate } = renderWithProviders(<ListPage />, { path: '/Allblock' });
      const query = () => new URLSearchParams(history.at(-1)?.split('?')[1] ?? '');
      const urlPage = () => Number(query().get('page') ?? '1');
      const urlSize = () => Number(query().get('ps') ?? String(SIZE));

      type Moves = { back: boolean; forward: boolean; last: boolean };
      const expectView = ({ page, pageCount, size }: { page: number; pageCount: number | null; size: number }, can: Moves) => {
        expect(screen.getByText(pageCount === null ? `Page ${page}` : `Page ${page} of ${pageCount}`)).toBeInTheDocument();
        expect(urlPage()).toBe(page);
        expect(urlSize()).toBe(size);
        expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue(String(size));
        for (const name of ['First', 'Previous']) expect(button(name)).toHaveProperty('disabled', !can.back);
        expect(button('Next')).toHaveProperty('disabled', !can.forward);
        expect(button('Last')).toHaveProperty('disabled', !can.last);
      };

      await path.test({
        states: {
          only: (s) => expectView(s.context, { back: false, forward: false, last: false }),
          first: (s) => expectView(s.context, { back: false, forward: true, last: s.context.pageCount !== null }),
          middle: (s) => expectView(s.context, { back: true, forward: true, last: s.context.pageCount !== null }),
          last: (s) => expectView(s.context, { back: true, forward: false, last: false }),
        },
        events: {
          'page.next': () => void fireEvent.click(button('Next')),
          'page.prev': () => void fireEvent.click(button('Previous')),
          'page.first': () => void fireEvent.click(button('First')),
          'page.last': () => void fireEvent.click(button('Last')),
          'page.set': ({ event }) => {
            const { page } = event as Extract<PaginationEvent, { type: 'page.set' }>;
            const q = query();
            q.set('page', String(page));
            act(() => navigate(`/Allblock?${q.toString()}`));
          },
          'page.count': ({ event }) => {
            const { pageCount } = event as Extract<PaginationEvent, { type: 'page.count' }>;
            act(() => owner.setCount(pageCount ?? 0));
          },
          'page.size': ({ event }) => {
            const { size } = event as Extract<PaginationEvent, { type: 'page.size' }>;
            fireEvent.change(screen.getByRole('combobox', { name: 'Rows per page' }), { target: { value: String(size) } });
          },
        },
      });
    });
  }
});
