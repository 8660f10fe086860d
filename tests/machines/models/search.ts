/**
 * The search machine's model (not a test file): the contracts and answers its paths are
 * generated from, the events each state offers, and the paths themselves, shared by the jsdom
 * model test (tests/machines/searchMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { SearchContractItem } from '../../../common/api/search';
import { isNameTerm } from '../../../src/lib/searchFlow';
import { searchMachine, type SearchContext, type SearchEvent } from '../../../src/machines/searchMachine';
import { machinePaths } from '../coverage';

export const GOLD: SearchContractItem = {
  contractname: 'Ruby Gold',
  contract_address: 'r5FbDB2315678afecb367f032d93F642f64180aa3',
  contractType: 'rbc20',
};
export const GEMS: SearchContractItem = {
  contractname: 'Ruby Gems',
  contract_address: 'r5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  contractType: 'dapp',
};
export const ADDRESS = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
/** A token matched by its symbol, and a contract matched by its public name tag (their lists below). */
const DOLLAR = 'rCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ROUTER = 'rDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
export const HASH = `0x${'ab'.repeat(32)}`;
export const START_HISTORY = ['7'];

export type ModelEvent = SearchEvent | { type: string; output?: unknown; error?: unknown };

/**
 * Contract lists that make the submitted term match as a token, a DApp, another type, or not at all; a name term
 * also by a token's symbol and by a public name tag (issue #38 item 5: Enter on 'RUSD' or 'Ruby DEX Router').
 */
function contractOutputs(term: string): unknown[] {
  const named = (contractType: string) =>
    isNameTerm(term)
      ? [{ contractname: term, contract_address: GOLD.contract_address, contractType }]
      : [{ contractname: 'By address', contract_address: term, contractType }];
  if (!isNameTerm(term)) return [named('rbc20'), named('dapp'), named('nft'), [GEMS]];
  const bySymbol = [GEMS, { contractname: 'Ruby Dollar', contract_address: DOLLAR, contractType: 'rbc20', symbol: term.toUpperCase() }];
  const byTag = [GEMS, { contractname: '', contract_address: ROUTER, contractType: 'dapp', tag: term.toLowerCase() }];
  // First, so the shortest paths take the token and DApp transitions by symbol and by tag (named() then adds none).
  return [bySymbol, byTag, named('rbc20'), named('dapp'), named('nft'), [GEMS]];
}

export const KIND_OUTPUTS = [
  { result: 'block', value: 42 },
  { result: 'transaction', value: HASH },
  { result: 'alladdress', value: 'r9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' },
  { result: 'weird' },
];

export function eventsFor(s: { context: SearchContext; matches: (v: object) => boolean }): ModelEvent[] {
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
export const CLOSING_STEPS = new Set(['search.focus', 'search.submit', 'search.type']);
// The model adds a bare { type } for an event type the list does not give in that state: these
// need their payload, so the bare form is never a real step.
export const NEEDS_PAYLOAD = new Set(['search.type', 'suggestion.pick', 'history.remove', 'history.sync']);

/**
 * The generated paths (the jsdom test runs them all); `alsoFilter` (the browser walk's) leaves out
 * events the real screen and server cannot give in a state.
 */
export const searchPaths = (alsoFilter?: (s: AnyMachineSnapshot, e: ModelEvent) => boolean) =>
  machinePaths(searchMachine, {
    input: { history: START_HISTORY },
    contextKey: (c) => (c.term.trim() === '' ? 'no term' : 'a term'),
    events: (s) => eventsFor(s) as SearchEvent[],
    filterEvents: (s, e) => {
      if (NEEDS_PAYLOAD.has(e.type) && Object.keys(e).length === 1) return false;
      if (alsoFilter && !alsoFilter(s as AnyMachineSnapshot, e)) return false;
      return !s.matches({ dropdown: 'closing' }) || CLOSING_STEPS.has(e.type) || e.type.startsWith('xstate.after.');
    },
  });
