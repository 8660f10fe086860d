import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SearchContractItem } from '../../../../common/api/search';
import { addressKey, contractTarget, isNameTerm, kindTarget, matchContract } from '../../../../src/lib/searchFlow';
import { searchMachine, type SearchKindAnswer } from '../../../../src/machines/searchMachine';

interface SearchDeps {
  fetchContracts: () => Promise<readonly SearchContractItem[]>;
  fetchKind: (term: string) => Promise<SearchKindAnswer>;
  saveHistory: (term: string) => void;
}

/**
 * Runs one search through the search machine with its actors and actions provided: resolves
 * with the path it navigated to, or null when it stayed idle (an empty term).
 */
async function runSearch(term: string, deps: SearchDeps): Promise<string | null> {
  const navigated: string[] = [];
  const machine = searchMachine.provide({
    actors: {
      fetchContracts: fromPromise(() => deps.fetchContracts()),
      fetchKind: fromPromise<SearchKindAnswer, { term: string }>(({ input }) => deps.fetchKind(input.term)),
    },
    actions: {
      persistHistory: (_, { history }) => {
        if (history[0] !== undefined) deps.saveHistory(history[0]);
      },
      navigate: (_, { to }) => navigated.push(to),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  actor.send({ type: 'search.submit', term });
  if (actor.getSnapshot().matches({ flow: 'idle' })) return null;
  await waitFor(actor, (s) => s.matches({ flow: 'redirected' }));
  actor.stop();
  expect(navigated).toHaveLength(1);
  return navigated[0] ?? null;
}

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
const ODD = {
  contractname: 'Odd',
  contract_address: 'r1111111111111111111111111111111111111111',
  contractType: 'nft',
} as unknown as SearchContractItem;

function deps(over: Partial<SearchDeps> = {}): SearchDeps & { saved: string[] } {
  const saved: string[] = [];
  return {
    saved,
    saveHistory: (t) => saved.push(t),
    fetchContracts: vi.fn(() => Promise.resolve([GOLD, GEMS, ODD])),
    fetchKind: vi.fn(() => Promise.reject(new Error('404'))),
    ...over,
  };
}

describe('search flow (specification: search and home)', () => {
  it('the name / address threshold is 20 characters', () => {
    expect(isNameTerm('x'.repeat(19))).toBe(true);
    expect(isNameTerm('x'.repeat(20))).toBe(false);
  });

  it('addressKey reduces r… and 0x… forms, any case, to the same key', () => {
    expect(addressKey('r5FbDB2315678afecb367f032d93F642f64180aa3')).toBe(addressKey('0X5FBDB2315678AFECB367F032D93F642F64180AA3'));
    expect(addressKey(' Hello ')).toBe('hello');
  });

  it('matches names exactly and case-insensitively under 20 characters (no substring match)', () => {
    expect(matchContract('ruby GOLD', [GOLD, GEMS])).toBe(GOLD);
    expect(matchContract('Ruby', [GOLD, GEMS])).toBeUndefined();
  });

  it('matches addresses at 20 characters and more, in either form', () => {
    expect(matchContract('0x5fc8d32690cc91d4c39d9d3abcbd16989f875707', [GOLD, GEMS])).toBe(GEMS);
    expect(matchContract('R5FBDB2315678AFECB367F032D93F642F64180AA3', [GOLD, GEMS])).toBe(GOLD);
    expect(matchContract('r0000000000000000000000000000000000000000', [GOLD, GEMS])).toBeUndefined();
  });

  it('contract targets: rbc20 → /TokenDetail, dapp → /contractDetail, other → /Invalidinput', () => {
    expect(contractTarget(GOLD)).toBe(`/TokenDetail/${GOLD.contract_address}`);
    expect(contractTarget(GEMS)).toBe(`/contractDetail/${GEMS.contract_address}`);
    // An NFT collection (issue #19: the search marks it nft) has the token page.
    expect(contractTarget({ ...GEMS, nft: true })).toBe(`/TokenDetail/${GEMS.contract_address}`);
    expect(contractTarget(ODD)).toBe('/Invalidinput');
  });

  it('kind targets use the answer value, else the term', () => {
    expect(kindTarget('block', 12, '12')).toBe('/Block/12');
    expect(kindTarget('transaction', undefined, '0xabc')).toBe('/transaction/0xabc');
    expect(kindTarget('alladdress', 'rABC', '0xabc')).toBe('/address/rABC');
    expect(kindTarget('something', 'x', 'x')).toBe('/Invalidinput?q=x');
  });

  it('an empty term does nothing: no history, no call', async () => {
    const d = deps();
    expect(await runSearch('   ', d)).toBeNull();
    expect(d.saved).toEqual([]);
    expect(d.fetchContracts).not.toHaveBeenCalled();
  });

  it('saves the trimmed term, then a name match goes to its page without asking search-data', async () => {
    const d = deps();
    expect(await runSearch('  ruby gold ', d)).toBe(`/TokenDetail/${GOLD.contract_address}`);
    expect(d.saved).toEqual(['ruby gold']);
    expect(d.fetchKind).not.toHaveBeenCalled();
    expect(await runSearch('Ruby Gems', d)).toBe(`/contractDetail/${GEMS.contract_address}`);
    expect(await runSearch('odd', d)).toBe('/Invalidinput?q=odd');
  });

  it('without a match asks search-data: block, transaction, alladdress', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const d = deps({
      fetchKind: vi.fn((t: string) =>
        Promise.resolve(
          t === '42'
            ? { result: 'block' as const, value: 42 }
            : t === hash
              ? { result: 'transaction' as const, value: hash }
              : { result: 'alladdress' as const, value: 'rAbC' },
        ),
      ),
    });
    expect(await runSearch('42', d)).toBe('/Block/42');
    expect(await runSearch(hash, d)).toBe(`/transaction/${hash}`);
    expect(await runSearch('0x00000000000000000000000000000000000000aa', d)).toBe('/address/rAbC');
  });

  it('any failure ends on /Invalidinput: search-data error, contract list error, unknown kind', async () => {
    expect(await runSearch('nothing', deps())).toBe('/Invalidinput?q=nothing');
    expect(await runSearch('42', deps({ fetchContracts: () => Promise.reject(new Error('down')) }))).toBe('/Invalidinput?q=42');
    expect(await runSearch('42', deps({ fetchKind: () => Promise.resolve({ result: 'weird' as never }) }))).toBe('/Invalidinput?q=42');
  });
});
