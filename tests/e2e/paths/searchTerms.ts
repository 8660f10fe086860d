/**
 * The search walk's real terms (not a test file): the model's made-up terms and answers become a
 * term the real server answers the way the path asks. Each term typed is chosen by looking ahead
 * on the path: a suggestion to pick → a real token's name; a search whose contract list matches a
 * token / a DApp → that real contract's address (an address term: a name term would show the
 * suggestion, and Enter or the Search button then picks it, issue #25 item 9); no match then a
 * block / transaction / address → a real block number, transaction hash, account address (the
 * devnet's, tests/helpers/realValues.ts); no match then no hit, or a failed list → a term that
 * matches nothing. Also the answers the real server cannot give (the walk's notReal) and the
 * problems a path asks for (the 404 of a no-hit term, requests failing offline).
 */
import type { SearchContractItem } from '../../../common/api/search';
import { paths } from '../../../common/api/paths';
import { matchContract } from '../../../src/lib/searchFlow';
import type { AnyMachineSnapshot } from 'xstate';
import type { SearchContext } from '../../../src/machines/searchMachine';
import { START_HISTORY, type ModelEvent } from '../../machines/models/search';
import type { PathLike } from '../../machines/coverage';
import type { RunningProduct } from '../../helpers/product';
import { realValues } from '../../helpers/realValues';

export type Need = 'none' | 'suggest' | 'token' | 'dapp' | 'block' | 'transaction' | 'alladdress' | 'nohit' | 'down' | 'nomatch';

/** Matches no contract name, block or hash: the server's 404 'No results found'. */
export const NO_HIT = 'no such thing';

export interface RealSearch {
  /** A token whose name the suggestions offer (the model's 'Ruby Gold' when the devnet has it). */
  suggest: SearchContractItem;
  token: SearchContractItem;
  dapp: SearchContractItem;
  /** Another token, for a start page on the route a suggestion leads to. */
  otherToken: SearchContractItem;
  blockNumber: number;
  txHash: string;
  address: string;
}

const cache = new WeakMap<RunningProduct, Promise<RealSearch>>();

async function load(product: RunningProduct): Promise<RealSearch> {
  const list = (await product.api<{ result: SearchContractItem[] }>(paths.searchContract()))?.result ?? [];
  const tokens = list.filter((c) => c.contractType === 'rbc20');
  const unique = tokens.filter((t) => list.filter((c) => c.contractname.toLowerCase() === t.contractname.toLowerCase()).length === 1);
  const suggest = unique.find((t) => t.contractname === 'Ruby Gold') ?? unique[0];
  const dapp = list.find((c) => c.contractType === 'dapp');
  const otherToken = unique.find((t) => t !== suggest);
  if (!suggest || !dapp || !otherToken) throw new Error(`the devnet's named contracts lack a token or a DApp: ${JSON.stringify(list)}`);
  const v = await realValues(product);
  // A young chain's block with transactions can be the model's stored search ('7'): typed, it
  // would be the same history entry (the box keeps one of each), so the block before it is used.
  const blockNumber = START_HISTORY.includes(String(v.blockNumber)) ? v.blockNumber - 1 : v.blockNumber;
  return { suggest, token: suggest, dapp, otherToken, blockNumber, txHash: v.txHash, address: v.address };
}

export function realSearch(product: RunningProduct): Promise<RealSearch> {
  let p = cache.get(product);
  if (!p) {
    p = load(product);
    cache.set(product, p);
  }
  return p;
}

type Ev = { type: string; term?: string; output?: unknown };
const ctx = (path: PathLike, i: number) => path.steps[i]?.state.context as SearchContext;

/** What the search submitted at step j must be answered with, from the outcomes after it. */
function outcomeAfter(path: PathLike, j: number): Need {
  const submitted = ctx(path, j).submitted;
  if (submitted === '') return 'none';
  for (let k = j + 1; k < path.steps.length; k++) {
    const e = path.steps[k]?.event as Ev;
    if (e.type === 'xstate.error.actor.fetchContracts') return 'down';
    if (e.type !== 'xstate.done.actor.fetchContracts') continue;
    const m = Array.isArray(e.output) ? matchContract(submitted, e.output as SearchContractItem[]) : undefined;
    if (m) return m.contractType === 'rbc20' ? 'token' : 'dapp';
    for (let l = k + 1; l < path.steps.length; l++) {
      const f = path.steps[l]?.event as Ev;
      if (f.type === 'xstate.error.actor.fetchKind') return 'nohit';
      if (f.type === 'xstate.done.actor.fetchKind') return String((f.output as { result?: unknown }).result) as Need;
    }
    return 'nomatch';
  }
  return 'none';
}

/** What the term typed at step i must make the real server answer (looking ahead to its use). */
export function needOf(path: PathLike, i: number): Need {
  for (let j = i + 1; j < path.steps.length; j++) {
    const e = path.steps[j]?.event as Ev;
    if (e.type === 'search.type') return 'none';
    if (e.type === 'suggestion.pick') return 'suggest';
    if (e.type === 'search.submit' && e.term === undefined) return outcomeAfter(path, j);
  }
  return 'none';
}

/** The real term for a need (the model's own text when nothing depends on it). */
export function realTerm(need: Need, modelValue: string, real: RealSearch): string {
  switch (need) {
    case 'none':
      return modelValue;
    case 'suggest':
      return real.suggest.contractname;
    case 'token':
      return real.token.contract_address;
    case 'dapp':
      return real.dapp.contract_address;
    case 'block':
      return String(real.blockNumber);
    case 'transaction':
      return real.txHash;
    case 'alladdress':
      return real.address;
    default:
      return NO_HIT;
  }
}

/** The first search on the path that leads somewhere, and whether anything happens after it. */
export function firstRedirect(path: PathLike): { step: number; later: boolean } | null {
  const i = path.steps.findIndex((s) => (s.state.value as { flow?: string }).flow === 'redirected');
  return i < 0 ? null : { step: i, later: i < path.steps.length - 1 };
}

const KINDS = ['block', 'transaction', 'alladdress'];

/**
 * Model answers the real server cannot give (its response schema, common/api/search.ts: contract
 * types rbc20 and dapp; a 200 from /searchdata only for the three kinds), left out of the browser's
 * paths: the transitions they take are walked with real answers (no match; 'alladdress').
 */
export const notRealAnswer = (s: AnyMachineSnapshot, e: ModelEvent) => {
  if (e.type === 'xstate.done.actor.fetchContracts') {
    const m = Array.isArray(e.output) ? matchContract((s.context as SearchContext).submitted, e.output as SearchContractItem[]) : undefined;
    return m !== undefined && m.contractType !== 'rbc20' && m.contractType !== 'dapp';
  }
  return e.type === 'xstate.done.actor.fetchKind' && !KINDS.includes(String((e.output as { result?: unknown } | undefined)?.result));
};

/** An expected problem: the server's 404 for a no-hit term, requests failing while offline. */
export const expectedProblem = (p: string) =>
  /HTTP 404 GET .*\/api\/searchdata\/|status of 404|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p);

/** Two page paths alike, whatever their encoding and case (addresses are checksummed). */
export const same = (a: string, b: string) => decodeURIComponent(a).toLowerCase() === decodeURIComponent(b).toLowerCase();
