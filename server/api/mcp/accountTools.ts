/**
 * Tools on accounts and names: an address, a token, search. Each reads through the REST API's
 * query functions (queries/addresses.ts, tokens.ts, search.ts; the token page's tokenData).
 */
import { FunctionFragment, Interface, type InterfaceAbi } from 'ethers';
import { getBalance } from '../../chain/rpcActions';
import { rubyAddress, toAmount } from '../../core/format';
import { notFound } from '../../core/http';
import { nameTagSourceOf } from '../../core/nameTags';
import { parseAddressParam } from '../../core/params';
import { addressActivity } from '../../queries/addressActivity';
import { addressSummary, addressTransactions } from '../../queries/addresses';
import { findContract } from '../../queries/contracts';
import { findNftToken } from '../../queries/nftInventory';
import { matchContracts, resolveSearch } from '../../queries/search';
import { findToken, tokenHoldings, tokenTransfers } from '../../queries/tokens';
import { tokenData } from '../routes/tokens';
import { guarded, pageInput, pageOf, paging, sizeInput, text, toolConfig, type ToolModule, type ToolScope } from './toolkit';

interface PagedArgs {
  address: string;
  page?: number | undefined;
  size?: number | undefined;
}

/** The view and pure functions of a verified ABI, as read_contract takes them (signatures). */
export function readFunctions(abi: unknown): string[] {
  if (!Array.isArray(abi)) return [];
  try {
    return new Interface(abi as InterfaceAbi).fragments
      .filter(
        (f): f is FunctionFragment => FunctionFragment.isFragment(f) && (f.stateMutability === 'view' || f.stateMutability === 'pure'),
      )
      .map((f) => f.format('sighash'));
  } catch {
    return [];
  }
}

/** The coin balance live from the node, or the indexed one when the node does not answer. */
async function liveBalance(scope: ToolScope, address: string, indexedWei: string, indexedBlock: number | null) {
  try {
    const wei = (await getBalance(scope.ctx.rpc, address, 'latest')).toString();
    return { balance: toAmount(wei), balanceWei: wei, balanceSource: 'node' as const, balanceBlock: null };
  } catch {
    return { balance: toAmount(indexedWei), balanceWei: indexedWei, balanceSource: 'index' as const, balanceBlock: indexedBlock };
  }
}

async function getAddress(scope: ToolScope, args: PagedArgs) {
  const { ctx } = scope;
  const address = parseAddressParam(args.address.trim());
  const page = pageOf(args.page, args.size, 10);
  const [summary, activity, tokens, contract] = await Promise.all([
    addressSummary(ctx, address),
    addressActivity(ctx, address),
    tokenHoldings(ctx, address),
    findContract(ctx, address),
  ]);
  const [balance, transactions] = await Promise.all([
    liveBalance(scope, address, summary.balanceWei, summary.balanceBlock),
    summary.txCount === 0 || page.offset >= summary.txCount ? [] : addressTransactions(ctx, address, page, summary.txCount),
  ]);
  return {
    address: rubyAddress(address),
    ...balance,
    transactionCount: summary.txCount,
    gasUsed: summary.gasUsed,
    ...activity,
    contract: contract && {
      name: contract.name,
      type: contract.contractType,
      isNft: contract.isNft,
      verified: contract.verified,
      creator: rubyAddress(contract.creator),
      creationTransaction: contract.txHash,
      readFunctions: readFunctions(contract.abi),
    },
    tokens,
    transactions,
    paging: paging(page, transactions.length, summary.txCount),
  };
}

async function getToken(scope: ToolScope, args: PagedArgs) {
  const { ctx } = scope;
  const address = parseAddressParam(args.address.trim());
  const page = pageOf(args.page, args.size, 10);
  // The token page's data; its source, ABI and bytecode are left out (the functions are named).
  const { abi, contractcode: _source, bytecode: _code, ...token } = await tokenData(ctx, address);
  const meta = (await findToken(ctx, address)) ?? (await findNftToken(ctx, address));
  if (!meta) throw notFound(`Token ${rubyAddress(address)} not found`);
  const { rows, total } = await tokenTransfers(ctx, meta, page);
  return { token: { ...token, readFunctions: readFunctions(abi) }, transfers: rows, paging: paging(page, rows.length, total) };
}

async function search({ ctx }: ToolScope, args: { query: string }) {
  const tags = await nameTagSourceOf(ctx.config).get();
  const term = args.query.trim();
  const [match, contracts] = await Promise.all([resolveSearch(ctx, term, tags), term === '' ? [] : matchContracts(ctx, term, tags)]);
  return {
    query: term,
    match: match && { kind: match.result === 'alladdress' ? 'address' : match.result, value: match.value },
    contracts,
  };
}

const ADDRESS = toolConfig('get_address', (input) => ({
  address: text(80).describe(input('address')),
  page: pageInput(input('page')),
  size: sizeInput(input('size')),
}));
const TOKEN = toolConfig('get_token', (input) => ({
  address: text(80).describe(input('address')),
  page: pageInput(input('page')),
  size: sizeInput(input('size')),
}));
const SEARCH = toolConfig('search', (input) => ({ query: text(100).min(1).describe(input('query')) }));

export const accountTools: ToolModule = (server, scope) => {
  server.registerTool(ADDRESS.name, ADDRESS.config, (args) => guarded(scope.ctx, ADDRESS.name, () => getAddress(scope, args)));
  server.registerTool(TOKEN.name, TOKEN.config, (args) => guarded(scope.ctx, TOKEN.name, () => getToken(scope, args)));
  server.registerTool(SEARCH.name, SEARCH.config, (args) => guarded(scope.ctx, SEARCH.name, () => search(scope, args)));
};
