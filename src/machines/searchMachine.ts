/**
 * The search box and its flow (docs/decisions.md#spec-states, #spec-validation), as two parallel regions:
 *
 * dropdown — the 'Recent' history dropdown: opens on focus (or typing), closes 200 ms after the
 *   box loses focus, at once on Escape, on a search or on a suggestion pick.
 * flow — the search itself:
 *   1. an empty term does nothing (no history, no call);
 *   2. the term is saved to the history (5 distinct, newest first);
 *   3. the contract list is fetched (actor `fetchContracts`); under 20 characters the term is
 *      matched against names, then token symbols, then public name tags (exact, case-insensitive:
 *      Enter on 'RUSD' needs no suggestion to have arrived), otherwise against addresses (r…/0x…);
 *   4. rbc20 → /TokenDetail/{address}, dapp → /contractDetail/{address}, other type → /Invalidinput;
 *   5. no match → /searchdata/{term} (actor `fetchKind`): block / transaction / alladdress → that
 *      page; anything else, a non-ok answer, a missing result or an exception → /Invalidinput.
 *
 * Network work is two invoked actors and the side effects (writing the history, navigating) are
 * two named actions, all replaced with `provide()` by the React layer and by tests. A search
 * already running ignores a second submit (one navigation per search).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SearchContractItem } from '../../common/api/search';
import { SEARCH } from '../../common/spec';
import { contractTarget, kindTarget, matchContract } from '../lib/searchFlow';
import { withTerm, withoutTerm } from '../lib/searchHistory';
import { urls } from '../app/urls';

/** What /searchdata answered (result may be anything: only the three kinds lead to a page). */
export interface SearchKindAnswer {
  result?: unknown;
  value?: string | number;
}

export interface SearchContext {
  /** What the box holds now. */
  term: string;
  /** The trimmed term of the search running or last run. */
  submitted: string;
  /** Recent searches, newest first, at most 5 distinct. */
  history: readonly string[];
  /** Where the last search led (a path), null before any. */
  target: string | null;
}

export type SearchEvent =
  | { type: 'search.type'; value: string }
  /** Runs the search for `term` (a history pick, the palette) or, without it, for the box's term. */
  | { type: 'search.submit'; term?: string }
  | { type: 'search.focus' }
  | { type: 'search.blur' }
  | { type: 'search.close' }
  | { type: 'suggestion.pick'; contract: Pick<SearchContractItem, 'contractname' | 'contract_address' | 'contractType' | 'nft'> }
  | { type: 'history.remove'; term: string }
  | { type: 'history.clear' }
  /** Another search box (or tab) changed the stored history. */
  | { type: 'history.sync'; history: readonly string[] };

export interface SearchInput {
  history?: readonly string[];
}

function termOf(context: SearchContext, event: SearchEvent): string {
  return (event.type === 'search.submit' && event.term !== undefined ? event.term : context.term).trim();
}

/** The contract a finished contract-list fetch matched, if any. */
function matched(context: SearchContext, output: unknown): SearchContractItem | undefined {
  return Array.isArray(output) ? matchContract(context.submitted, output as SearchContractItem[]) : undefined;
}

function kindIs(kind: string) {
  return ({ event }: { event: SearchEvent }) => (outputOf(event) as SearchKindAnswer | undefined)?.result === kind;
}

function toKindTarget(context: SearchContext, output: unknown): string {
  const a = (output ?? {}) as SearchKindAnswer;
  return kindTarget(a.result, a.value, context.submitted);
}

function outputOf(event: unknown): unknown {
  return (event as { output?: unknown }).output;
}

const persist = { type: 'persistHistory', params: ({ context }: { context: SearchContext }) => ({ history: context.history }) } as const;

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as SearchInput,
  },
  actors: {
    /** GET /searchcontract: every named or tagged contract, with its symbol and tag. */
    fetchContracts: fromPromise<readonly SearchContractItem[]>(() => Promise.reject(new Error('fetchContracts not provided'))),
    /** GET /searchdata/{term}; rejects on a non-ok answer or a network failure. */
    fetchKind: fromPromise<SearchKindAnswer, { term: string }>(() => Promise.reject(new Error('fetchKind not provided'))),
  },
  actions: {
    /** Writes context.history to storage (the React layer provides it). */
    persistHistory: (_, _params: { history: readonly string[] }) => {},
    /** Goes to a path (the React layer provides the router's navigate). */
    navigate: (_, _params: { to: string }) => {},
    setTerm: assign({ term: ({ context, event }) => (event.type === 'search.type' ? event.value : context.term) }),
    /** Step 2: the trimmed term becomes the search and heads the history. */
    startSearch: assign(({ context, event }) => {
      const submitted = termOf(context, event);
      const term = event.type === 'search.submit' && event.term !== undefined ? event.term : context.term;
      return { term, submitted, history: withTerm(context.history, submitted) };
    }),
    /** Step 4. */
    goToMatch: assign({
      target: ({ context, event }) => contractTarget(matched(context, outputOf(event)) ?? { contractType: '', contract_address: '' }),
    }),
    /** Step 5. */
    goToKind: assign({ target: ({ context, event }) => toKindTarget(context, outputOf(event)) }),
    goInvalid: assign({ target: ({ context }) => urls.invalidInput(context.submitted) }),
    /** A suggested contract: its name joins the history and its page opens. */
    pickSuggestion: assign(({ context, event }) => {
      if (event.type !== 'suggestion.pick') return {};
      return { history: withTerm(context.history, event.contract.contractname), target: contractTarget(event.contract) };
    }),
  },
  guards: {
    emptyTerm: ({ context, event }) => termOf(context, event) === '',
    matchedToken: ({ context, event }) => matched(context, outputOf(event))?.contractType === 'rbc20',
    matchedDapp: ({ context, event }) => matched(context, outputOf(event))?.contractType === 'dapp',
    kindBlock: kindIs('block'),
    kindTransaction: kindIs('transaction'),
  },
}).createMachine({
  id: 'search',
  type: 'parallel',
  context: ({ input }) => ({ term: '', submitted: '', history: [...(input.history ?? [])], target: null }),
  on: {
    'search.type': { actions: 'setTerm' },
    'history.sync': { actions: assign({ history: ({ event }) => [...event.history] }) },
  },
  states: {
    dropdown: {
      initial: 'closed',
      states: {
        closed: {
          // (An event one region handles hides the root's handler for it: set the term here too.)
          on: { 'search.focus': 'open', 'search.type': { target: 'open', actions: 'setTerm' } },
        },
        open: {
          on: {
            'search.blur': 'closing',
            'search.close': 'closed',
            'search.submit': 'closed',
            'suggestion.pick': 'closed',
            'history.remove': {
              actions: [assign({ history: ({ context, event }) => withoutTerm(context.history, event.term) }), persist],
            },
            'history.clear': {
              actions: [assign({ history: [] }), { type: 'persistHistory', params: { history: [] } }],
            },
          },
        },
        closing: {
          after: { [SEARCH.blurDelayMs]: 'closed' },
          on: { 'search.focus': 'open', 'search.submit': 'closed' },
        },
      },
    },
    flow: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.submit': [{ guard: 'emptyTerm' }, { target: 'fetchingContracts', actions: ['startSearch', persist] }],
            'suggestion.pick': { target: 'redirected', actions: ['pickSuggestion', persist] },
          },
        },
        fetchingContracts: {
          invoke: {
            id: 'fetchContracts',
            src: 'fetchContracts',
            onDone: [
              { guard: 'matchedToken', target: 'redirected', actions: 'goToMatch' },
              { guard: 'matchedDapp', target: 'redirected', actions: 'goToMatch' },
              // No contract of the term (the list's types are rbc20 and dapp: common/api/search.ts).
              { target: 'fetchingKind' },
            ],
            onError: { target: 'redirected', actions: 'goInvalid' },
          },
        },
        fetchingKind: {
          invoke: {
            id: 'fetchKind',
            src: 'fetchKind',
            input: ({ context }) => ({ term: context.submitted }),
            onDone: [
              { guard: 'kindBlock', target: 'redirected', actions: 'goToKind' },
              { guard: 'kindTransaction', target: 'redirected', actions: 'goToKind' },
              // 'alladdress', the only other kind the server answers with 200 (common/api/search.ts);
              // anything else leads to the invalid-input page (kindTarget).
              { target: 'redirected', actions: 'goToKind' },
            ],
            onError: { target: 'redirected', actions: 'goInvalid' },
          },
        },
        redirected: {
          entry: { type: 'navigate', params: ({ context }) => ({ to: context.target ?? urls.invalidInput(context.submitted) }) },
          on: {
            'search.submit': [{ guard: 'emptyTerm' }, { target: 'fetchingContracts', actions: ['startSearch', persist] }],
            'suggestion.pick': { target: 'redirected', reenter: true, actions: ['pickSuggestion', persist] },
          },
        },
      },
    },
  },
});
