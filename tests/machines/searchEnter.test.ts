/**
 * Issue #38 item 5: Enter resolves a token's symbol or a public name tag through the flow's own awaited lookup (the
 * contract list, fetchContracts), so 'RUSD' typed and submitted at once opens the token, whether or not the
 * suggestions have arrived. The machine with its network actors answering as the server does (symbol and tag fields).
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { SearchContractItem } from '../../common/api/search';
import { urls } from '../../src/app/urls';
import { searchMachine, type SearchKindAnswer } from '../../src/machines/searchMachine';

const DOLLAR = 'rCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const ROUTER = 'rDc64a140Aa3E981100a9becA4E685f962f0cF6C9';
const LIST: SearchContractItem[] = [
  { contractname: 'Ruby Doll', contract_address: 'r5FbDB2315678afecb367f032d93F642f64180aa3', contractType: 'rbc20', symbol: 'RDOL' },
  { contractname: 'Ruby Dollar', contract_address: DOLLAR, contractType: 'rbc20', symbol: 'RUSD' },
  { contractname: '', contract_address: ROUTER, contractType: 'dapp', tag: 'Ruby DEX Router' },
];

async function enter(term: string): Promise<string[]> {
  const went: string[] = [];
  const actor = createActor(
    searchMachine.provide({
      actors: {
        fetchContracts: fromPromise<readonly SearchContractItem[]>(async () => LIST),
        fetchKind: fromPromise<SearchKindAnswer, { term: string }>(async () => Promise.reject(new Error('No results found'))),
      },
      actions: { navigate: (_, { to }) => void went.push(to) },
    }),
    { input: { history: [] } },
  ).start();
  actor.send({ type: 'search.type', value: term });
  actor.send({ type: 'search.submit' });
  await waitFor(actor, (s) => s.matches({ flow: 'redirected' }));
  actor.stop();
  return went;
}

describe('Enter on a symbol, a name or a tag', () => {
  it('a symbol in any case opens its token; a name still wins over a symbol', async () => {
    expect(await enter('RUSD')).toEqual([urls.tokenDetail(DOLLAR)]);
    expect(await enter(' rusd ')).toEqual([urls.tokenDetail(DOLLAR)]);
    expect(await enter('ruby dollar')).toEqual([urls.tokenDetail(DOLLAR)]);
  });
  it("a public name tag opens its contract's page", async () => {
    expect(await enter('ruby dex router')).toEqual([urls.contractDetail(ROUTER)]);
  });
  it('a term matching none of them still ends on No results', async () => {
    expect(await enter('RUS')).toEqual([urls.invalidInput('RUS')]);
  });
});
