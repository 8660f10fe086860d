/**
 * Model-based test of the search machine: every path the model generates is run against the
 * rendered SearchBox with the network stubbed at the edge (global fetch: each /searchcontract
 * and /searchdata request waits until the path's done or error step answers it), and each
 * state is checked as the user sees it: the 'Recent' dropdown and its items, 'Searching...',
 * the requests made, the URL, the stored history.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchContractItem } from '../../common/api/search';
import { SearchBox } from '../../src/sections/search/SearchBox';
import { isNameTerm } from '../../src/lib/searchFlow';
import { SEARCH_HISTORY_KEY } from '../../src/sections/search/texts';
import { searchMachine, type SearchContext, type SearchEvent } from '../../src/machines/searchMachine';
import { mockFetch, ok, type Reply } from '../helpers/fetchMock';
import { renderWithProviders } from '../src/utils/renderWithProviders';
import { machinePaths, pathCoverage, reportCoverage } from './coverage';
import { pathMatcher, paths as relPaths } from '../../common/api/paths';

configure({ asyncUtilTimeout: 5_000 });

const GOLD: SearchContractItem = {
  contractname: 'Ruby Gold',
  contract_address: 'r5FbDB2315678afecb367f032d93F642f64180aa3',
  contractType: 'rbc20',
};
const GEMS: SearchContractItem = {
  contractname: 'Ruby Gems',
  contract_address: 'r5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  contractType: 'dapp',
};
const ADDRESS = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
const HASH = `0x${'ab'.repeat(32)}`;
const START_HISTORY = ['7'];

type ModelEvent = SearchEvent | { type: string; output?: unknown; error?: unknown };

/** Contract lists that make the submitted term match as a token, a DApp, another type, or not at all. */
function contractOutputs(term: string): unknown[] {
  const named = (contractType: string) =>
    isNameTerm(term)
      ? [{ contractname: term, contract_address: GOLD.contract_address, contractType }]
      : [{ contractname: 'By address', contract_address: term, contractType }];
  return [named('rbc20'), named('dapp'), named('nft'), [GEMS]];
}

const KIND_OUTPUTS = [
  { result: 'block', value: 42 },
  { result: 'transaction', value: HASH },
  { result: 'alladdress', value: 'r9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' },
  { result: 'weird' },
];

function eventsFor(s: { context: SearchContext; matches: (v: object) => boolean }): ModelEvent[] {
  const { context } = s;
  const term = context.term.trim();
  const events: ModelEvent[] = [
    // (Typing the value the box already holds is no change at all.)
    ...['Ruby Gold', ADDRESS, ''].filter((value) => value !== context.term).map((value) => ({ type: 'search.type', value })),
    { type: 'search.submit' },
    { type: 'history.sync', history: ['other tab'] },
    ...contractOutputs(context.submitted).map((output) => ({ type: 'xstate.done.actor.fetchContracts', output })),
    { type: 'xstate.error.actor.fetchContracts', error: 'down' },
    ...KIND_OUTPUTS.map((output) => ({ type: 'xstate.done.actor.fetchKind', output })),
    { type: 'xstate.error.actor.fetchKind', error: 'No results found' },
  ];
  // What only the open dropdown offers: a recent search to pick or remove, 'Clear all', a suggestion.
  if (!s.matches({ dropdown: 'open' })) return events;
  const shown = context.history[0];
  if (shown !== undefined) {
    events.push({ type: 'search.submit', term: shown }, { type: 'history.remove', term: shown }, { type: 'history.clear' });
  }
  if (term !== '' && isNameTerm(term)) events.push({ type: 'suggestion.pick', contract: GOLD });
  return events;
}

// The dropdown's 200 ms close runs on the real clock: while it is closing, only the steps that
// act on it right away are taken, so no slow step lets the delay pass unseen.
const CLOSING_STEPS = new Set(['search.focus', 'search.submit', 'search.type']);
// The model adds a bare { type } for an event type the list does not give in that state: these
// need their payload, so the bare form is never a real step.
const NEEDS_PAYLOAD = new Set(['search.type', 'suggestion.pick', 'history.remove', 'history.sync']);

const paths = machinePaths(searchMachine, {
  input: { history: START_HISTORY },
  contextKey: (c) => (c.term.trim() === '' ? 'no term' : 'a term'),
  events: (s) => eventsFor(s) as SearchEvent[],
  filterEvents: (s, e) => {
    if (NEEDS_PAYLOAD.has(e.type) && Object.keys(e).length === 1) return false;
    return !s.matches({ dropdown: 'closing' }) || CLOSING_STEPS.has(e.type) || e.type.startsWith('xstate.after.');
  },
});

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

  const input = () => screen.getByRole('searchbox', { name: 'Search the blockchain' });
  const flowCalls = () => calls.filter((c) => !c.includes('?q='));

  for (const path of paths) {
    it(path.description, async () => {
      const { history: visited } = renderWithProviders(<SearchBox />);

      const expectDropdown = (ctx: SearchContext, open: boolean) => {
        const recent = screen.queryByRole('region', { name: 'Recent' });
        if (!open || ctx.history.length === 0) {
          expect(recent).toBeNull();
          if (!open) expect(screen.queryByRole('table')).toBeNull();
          return;
        }
        expect(recent).not.toBeNull();
        const items = within(recent as HTMLElement)
          .getAllByRole('listitem')
          .map((li) => li.textContent);
        expect(items).toEqual(ctx.history.map((h) => `${h}×`));
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
          const recent = screen.queryByRole('region', { name: 'Recent' });
          if (term === undefined) fireEvent.click(screen.getByRole('button', { name: 'Search' }));
          else fireEvent.click(within(recent as HTMLElement).getByRole('button', { name: term }));
        },
        'suggestion.pick': async () => fireEvent.click(await screen.findByRole('link', { name: GOLD.contractname })),
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
