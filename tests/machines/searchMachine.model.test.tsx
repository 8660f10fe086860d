/**
 * Model-based test of the search machine: every path the model generates is run against the
 * rendered SearchBox with the network stubbed at the edge (global fetch: each /searchcontract
 * and /searchdata request waits until the path's done or error step answers it), and each
 * state is checked as the user sees it: the 'Recent' dropdown and its items, 'Searching...',
 * the requests made, the URL, the stored history.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '../../src/sections/search/SearchBox';
import { SEARCH_HISTORY_KEY } from '../../src/sections/search/texts';
import { searchMachine, type SearchContext } from '../../src/machines/searchMachine';
import { mockFetch, ok, type Reply } from '../helpers/fetchMock';
import { renderWithProviders } from '../src/utils/renderWithProviders';
import { pathCoverage, reportCoverage } from './coverage';
import { GEMS, GOLD, START_HISTORY, searchPaths } from './models/search';
import { pathMatcher, paths as relPaths } from '../../common/api/paths';

const paths = searchPaths();

interface Pending {
  path: string;
  answer: (reply: Reply | 'network') => void;
}

describe('search machine, path by path on the rendered SearchBox', () => {
  let pending: Pending[] = [];
  let calls: string[] = [];

  beforeEach(() => {
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(START_HISTORY));
    pending = [];
    const held = (path: string) =>
      new Promise<Reply>((resolve, reject) => {
        pending.push({ path, answer: (r) => (r === 'network' ? reject(new TypeError('Failed to fetch')) : resolve(r)) });
      });
    calls = mockFetch([
      [/^\/searchcontract\?q=/, ok([GOLD, GEMS])],
      [pathMatcher('searchContract'), held],
      [pathMatcher('searchData'), held],
    ]).calls;
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  afterAll(() => reportCoverage(pathCoverage(searchMachine, paths)));

  /** Answers the one request waiting on `prefix`. */
  async function answer(prefix: string, reply: Reply | 'network') {
    await waitFor(() => expect(pending.filter((p) => p.path.startsWith(prefix))).toHaveLength(1));
    const i = pending.findIndex((p) => p.path.startsWith(prefix));
    const [req] = pending.splice(i, 1);
    await act(async () => req?.answer(reply));
  }

  const input = () => screen.getByRole('combobox', { name: 'Search the blockchain' });
  const flowCalls = () => calls.filter((c) => !c.includes('?q='));

  for (const path of paths) {
    it(path.description, async () => {
      const { history: visited } = renderWithProviders(<SearchBox />);

      const expectDropdown = (ctx: SearchContext, open: boolean) => {
        const recent = screen.queryByRole('group', { name: 'Recent' });
        if (!open || ctx.history.length === 0) {
          expect(recent).toBeNull();
          if (!open) expect(screen.queryByRole('listbox')).toBeNull();
          return;
        }
        expect(recent).not.toBeNull();
        const items = within(recent as HTMLElement)
          .getAllByRole('option')
          .map((li) => li.textContent);
        expect(items).toEqual(ctx.history);
      };
      const expectStored = (ctx: SearchContext) =>
        expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(ctx.history);
      const expectBusy = async (ctx: SearchContext, request: string) => {
        await waitFor(() => expect(flowCalls().at(-1)).toBe(request));
        expect(screen.getByText('Searching...')).toBeInTheDocument();
        expect(visited.at(-1)).toBe(ctx.target ?? '/');
        expectStored(ctx);
      };

      type Exec = (step: { event: Record<string, unknown> & { type: string } }) => unknown;
      const executors: Record<string, Exec> = {
        'search.type': ({ event }) => void fireEvent.change(input(), { target: { value: event.value } }),
        'search.focus': () => void fireEvent.focus(input()),
        'search.blur': () => void fireEvent.blur(input(), { relatedTarget: document.body }),
        'search.close': () => void fireEvent.keyDown(input(), { key: 'Escape' }),
        'search.submit': ({ event }) => {
          const term = event.term as string | undefined;
          const recent = screen.queryByRole('group', { name: 'Recent' });
          if (term === undefined) fireEvent.click(screen.getByRole('button', { name: 'Search' }));
          else fireEvent.click(within(recent as HTMLElement).getByRole('option', { name: term }));
        },
        'suggestion.pick': async () =>
          fireEvent.click(
            within(await screen.findByRole('group', { name: 'Contracts matching the typed name' })).getByRole('option', {
              name: new RegExp(`^${GOLD.contractname}`),
            }),
          ),
        'history.remove': ({ event }) =>
          void fireEvent.click(screen.getByRole('button', { name: `Remove ${String(event.term)} from recent searches` })),
        'history.clear': () => void fireEvent.click(screen.getByRole('button', { name: 'Clear all' })),
        'history.sync': ({ event }) =>
          act(() => {
            localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(event.history));
            window.dispatchEvent(new StorageEvent('storage', { key: SEARCH_HISTORY_KEY }));
          }),
        'xstate.done.actor.fetchContracts': ({ event }) => answer(relPaths.searchContract(), ok(event.output)),
        'xstate.error.actor.fetchContracts': () => answer(relPaths.searchContract(), 'network'),
        'xstate.done.actor.fetchKind': ({ event }) =>
          answer(relPaths.searchData(''), { body: { status: true, ...(event.output as object) } }),
        'xstate.error.actor.fetchKind': () =>
          answer(relPaths.searchData(''), { status: 404, body: { status: false, message: 'No results found' } }),
        'xstate.after.200.search.dropdown.closing': () => act(() => new Promise<void>((r) => setTimeout(r, 260))),
      };

      await path.test({
        states: {
          '#search.dropdown.closed': (s) => expectDropdown(s.context, false),
          '#search.dropdown.open': (s) => expectDropdown(s.context, true),
          '#search.dropdown.closing': (s) => expectDropdown(s.context, true),
          '#search.flow.idle': (s) => {
            expect(screen.queryByText('Searching...')).toBeNull();
            expect(visited).toEqual(['/']);
            expectStored(s.context);
          },
          '#search.flow.fetchingContracts': (s) => expectBusy(s.context, relPaths.searchContract()),
          '#search.flow.fetchingKind': (s) => expectBusy(s.context, decodeURIComponent(relPaths.searchData(s.context.submitted))),
          '#search.flow.redirected': async (s) => {
            await waitFor(() => expect(visited.at(-1)).toBe(s.context.target));
            expect(screen.queryByText('Searching...')).toBeNull();
            expectStored(s.context);
          },
        },
        // The actor done/error and delay events are not in the machine's own event union.
        events: executors as unknown as Parameters<(typeof paths)[number]['test']>[0]['events'],
      });
    });
  }
});
