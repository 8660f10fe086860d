/**
 * module=account: balance, balancemulti, txlist, txlistinternal, tokentx, tokennfttx,
 * tokenbalance, getminedblocks. Field names and their order are Etherscan's ("Accounts" page of
 * docs.etherscan.io, whose sample answers list them in this order); every value a string.
 */
import { parseAddress } from '../../../common/address';
import type { TxAction } from '../../../common/api/txSummary';
import { plainSummary } from '../../../common/summary/render';
import { summariesFor } from '../../queries/txSummaries';
import type { ApiContext } from '../../core/context';
import { etherscanBalances, etherscanMinedBlocks, etherscanTxList, type EsTxRow } from '../../queries/etherscanAccount';
import { etherscanInternal, etherscanTokenTransfers, type EsInternalRow, type EsTransferRow } from '../../queries/etherscanTransfers';
import { indexedHead } from '../../queries/addresses';
import { etherscanTokenBalance } from '../../queries/etherscanChain';
import { internalListUnavailable } from '../../queries/traceAvailability';
import { historyAccountActions } from './history';
import {
  addressParam,
  ES_ERRORS,
  EtherscanError,
  hashParam,
  list,
  notOk,
  ok,
  optionalAddress,
  pagingOf,
  type ActionTable,
  type Params,
} from './common';

/** Etherscan's balancemulti takes at most 20 addresses. */
const MAX_MULTI = 20;

/** Confirmations as Etherscan counts them: a transaction in the head block has 1. */
async function confirmationsOf(ctx: ApiContext): Promise<(block: number) => string> {
  const head = (await indexedHead(ctx)) ?? 0;
  return (block) => String(Math.max(0, head - block + 1));
}

/** Etherscan's functionName: the method with its arguments' names, e.g. "transfer(to, amount)". */
function functionName(method: string | null, decoded: unknown): string {
  if (method === null || method === 'Contract Creation' || method.startsWith('0x')) return '';
  const first: unknown = Array.isArray(decoded) ? decoded[0] : null;
  const names = typeof first === 'object' && first !== null ? Object.keys(first) : [];
  return `${method}(${names.join(', ')})`;
}

/** How long txlist waits for the node's answers about failed transactions not asked yet. */
const TXLIST_FACTS_WAIT_MS = 1000;

function txRow(r: EsTxRow, conf: (b: number) => string, summary: TxAction[] | undefined) {
  // Source: Etherscan "Get a list of 'Normal' Transactions By Address" sample answer.
  return {
    blockNumber: String(r.block_number),
    timeStamp: String(r.timestamp),
    hash: r.hash,
    nonce: String(r.nonce),
    blockHash: r.block_hash,
    transactionIndex: String(r.tx_index),
    from: r.from_address,
    to: r.to_address ?? '',
    value: r.value,
    gas: r.gas,
    gasPrice: r.gas_price,
    isError: r.status === 1 ? '0' : '1',
    txreceipt_status: String(r.status),
    input: r.input,
    contractAddress: r.contract_address ?? '',
    cumulativeGasUsed: r.cumulative_gas_used,
    gasUsed: r.gas_used,
    confirmations: conf(r.block_number),
    methodId: r.input.length >= 10 ? r.input.slice(0, 10) : '0x',
    functionName: functionName(r.method, r.decoded_input),
    // Ours: what the transaction did, in English; tools ignore a field they do not know.
    summary: summary ? plainSummary(summary) : '',
  };
}

function internalRow(r: EsInternalRow, withHash: boolean) {
  // Source: Etherscan "Get a list of 'Internal' Transactions by Address / by Transaction Hash /
  // by Block Range": the by-hash answer has no hash and no traceId.
  const create = r.call_type === 'create';
  const row: Record<string, string> = { blockNumber: String(r.block_number), timeStamp: String(r.timestamp) };
  if (withHash) row.hash = r.tx_hash;
  Object.assign(row, {
    from: r.from_address,
    to: create ? '' : (r.to_address ?? ''),
    value: r.value,
    contractAddress: create ? (r.to_address ?? '') : '',
    input: withHash ? '' : (r.input ?? ''),
    type: r.call_type,
    gas: r.gas ?? '0',
    gasUsed: r.gas_used ?? '0',
  });
  if (withHash) row.traceId = r.trace_address.replace(/,/g, '_');
  row.isError = r.error === null ? '0' : '1';
  row.errCode = r.error ?? '';
  return row;
}

function transferRow(r: EsTransferRow, nft: boolean, conf: (b: number) => string) {
  // Source: Etherscan "Get a list of 'ERC20 - / ERC721 - Token Transfer Events' by Address".
  const head = {
    blockNumber: String(r.block_number),
    timeStamp: String(r.timestamp),
    hash: r.tx_hash,
    nonce: String(r.nonce),
    blockHash: r.block_hash,
    from: r.from_address,
    contractAddress: r.token_address,
    to: r.to_address,
  };
  const amount = nft ? { tokenID: r.token_id ?? '' } : { value: r.value };
  return {
    ...head,
    ...amount,
    tokenName: r.name ?? '',
    tokenSymbol: r.symbol ?? '',
    tokenDecimal: nft ? '0' : String(r.decimals ?? 18),
    transactionIndex: String(r.tx_index),
    gas: r.gas,
    gasPrice: r.gas_price,
    gasUsed: r.gas_used,
    cumulativeGasUsed: r.cumulative_gas_used,
    input: 'deprecated',
    confirmations: conf(r.block_number),
  };
}

async function tokenTransfers(ctx: ApiContext, p: Params, nft: boolean) {
  const address = optionalAddress(p, 'address');
  const token = optionalAddress(p, 'contractaddress', ES_ERRORS.contractAddress);
  if (address === null && token === null) throw new EtherscanError(ES_ERRORS.missingAddress);
  const paging = pagingOf(p);
  const [rows, conf] = await Promise.all([etherscanTokenTransfers(ctx, { address, token, nft }, paging), confirmationsOf(ctx)]);
  return list(rows.map((r) => transferRow(r, nft, conf)));
}

async function balanceMulti(ctx: ApiContext, p: Params) {
  const parts = (p.address ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0) throw new EtherscanError(ES_ERRORS.address);
  if (parts.length > MAX_MULTI) throw new EtherscanError(ES_ERRORS.tooManyAddresses);
  const addrs = parts.map((s) => {
    const a = parseAddress(s);
    if (!a) throw new EtherscanError(ES_ERRORS.address);
    return a;
  });
  const balances = await etherscanBalances(ctx, [...new Set(addrs)]);
  return ok(addrs.map((a) => ({ account: a, balance: balances.get(a) ?? '0' })));
}

export const accountActions: ActionTable = {
  async balance(ctx, p) {
    // Etherscan's balance also takes a comma list (as balancemulti); one address answers a string.
    if ((p.address ?? '').includes(',')) return balanceMulti(ctx, p);
    const a = addressParam(p);
    return ok((await etherscanBalances(ctx, [a])).get(a));
  },
  balancemulti: balanceMulti,
  async txlist(ctx, p) {
    const address = addressParam(p);
    const paging = pagingOf(p);
    const [rows, conf] = await Promise.all([etherscanTxList(ctx, address, paging), confirmationsOf(ctx)]);
    const summaries = await summariesFor(
      ctx,
      rows.map((r) => r.hash),
      TXLIST_FACTS_WAIT_MS,
    );
    return list(rows.map((r) => txRow(r, conf, summaries.get(r.hash))));
  },
  async txlistinternal(ctx, p) {
    const paging = pagingOf(p);
    const hash = (p.txhash ?? '').trim() !== '';
    const address = hash ? null : optionalAddress(p, 'address');
    // Without an address or a hash Etherscan lists the block range's internal transactions.
    if (!hash && address === null && (p.startblock ?? '') === '' && (p.endblock ?? '') === '') throw new EtherscanError(ES_ERRORS.address);
    const rows = await etherscanInternal(ctx, hash ? { txHash: hashParam(p) } : address === null ? { blocks: true } : { address }, paging);
    // Blocks indexed from a node without call traces: "none found" would be untrue.
    const unavailable = rows.length === 0 ? await internalListUnavailable(ctx) : null;
    if (unavailable !== null) return notOk(unavailable);
    return list(rows.map((r) => internalRow(r, !hash)));
  },
  tokentx: (ctx, p) => tokenTransfers(ctx, p, false),
  tokennfttx: (ctx, p) => tokenTransfers(ctx, p, true),
  async tokenbalance(ctx, p) {
    const token = addressParam(p, 'contractaddress', ES_ERRORS.contractAddress);
    const holder = addressParam(p);
    return ok(await etherscanTokenBalance(ctx, token, holder));
  },
  ...historyAccountActions,
  async getminedblocks(ctx, p) {
    const miner = addressParam(p);
    const rows = await etherscanMinedBlocks(ctx, miner, pagingOf(p));
    // Source: Etherscan "Get list of Blocks Validated by Address".
    return list(rows.map((r) => ({ blockNumber: String(r.number), timeStamp: String(r.timestamp), blockReward: r.reward })));
  },
};
