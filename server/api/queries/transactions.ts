/**
 * Transaction queries: the all-transactions pages, the latest lists of the live channel and the
 * transaction detail (token transfers, internal calls, DEX details, a synthetic call trace).
 *
 * Paging: the total comes from hourly_stats (a few hundred rows, exact: the indexer writes it in
 * the same database transaction as the transactions), read together with the indexed head in one
 * statement and cached per block. A page is a keyset range scan of transactions_position_idx
 * below the row at the page's offset; that row is found by an index-only OFFSET scan from the
 * nearer end of the list (newest or oldest), so the deepest page costs no more than the middle one.
 */
import { sql, type Selectable } from 'kysely';
import type { SqlBool } from 'kysely';
import { TX_TYPE_LABELS, TX_TYPE_UNKNOWN } from '../../../common/spec';
import type {
  CallTrace, DexDetails, TokenReceived, TokenRef, TransactionDetail, TransactionListItem, TxInternalCall, TxTokenTransfer,
} from '../../../common/api/transactions';
import type { DB } from '../../db/schema';
import type { ApiContext } from '../context';
import { isoTime, rubyAddress, toAmount, toWei } from '../format';
import type { Page } from '../params';
import { displayDecodedInput, TX_LIST_COLUMNS, toTransactionListItem } from './transactionRows';

/** Decimals assumed for a token that did not say (the ERC20 default). */
export const DEFAULT_TOKEN_DECIMALS = 18;
/** Caps of the detail page's lists (a transaction with more is pathological). */
export const DETAIL_TRANSFER_LIMIT = 1000;
export const DETAIL_INTERNAL_LIMIT = 5000;

export interface TxSnapshot {
  /** Highest indexed block (null before the first). */
  head: number | null;
  /** Transactions in blocks up to head. */
  total: number;
}

/** Indexed head and transaction count, one snapshot, once per block. */
export function txSnapshot(ctx: ApiContext): Promise<TxSnapshot> {
  return ctx.cache.get('tx:snapshot', async () => {
    const r = await sql<{ head: number | null; total: number | null }>`SELECT (SELECT max(number) FROM blocks) AS head,
      (SELECT coalesce(sum(tx_count), 0)::bigint FROM hourly_stats) AS total`.execute(ctx.db);
    const row = r.rows[0];
    return { head: row?.head ?? null, total: Number(row?.total ?? 0) };
  });
}

/** One page of all transactions, newest first, consistent with the snapshot's head and total. */
export async function transactionPage(ctx: ApiContext, page: Page): Promise<{ items: TransactionListItem[]; total: number }> {
  const { head, total } = await txSnapshot(ctx);
  if (head === null || page.offset >= total) return { items: [], total };
  const take = Math.min(page.size, total - page.offset);
  const base = ctx.db.selectFrom('transactions').select(TX_LIST_COLUMNS).where('block_number', '<=', head);
  // Rows to skip when walking up from the oldest transaction instead.
  const fromOldest = total - page.offset - take;
  let rows;
  if (page.offset === 0) {
    rows = await base.orderBy('block_number', 'desc').orderBy('tx_index', 'desc').limit(take).execute();
  } else if (page.offset <= fromOldest) {
    const top = sql<SqlBool>`(block_number, tx_index) <= (SELECT block_number, tx_index FROM transactions WHERE block_number <= ${head}
      ORDER BY block_number DESC, tx_index DESC OFFSET ${page.offset} LIMIT 1)`;
    rows = await base.where(top).orderBy('block_number', 'desc').orderBy('tx_index', 'desc').limit(take).execute();
  } else {
    const bottom = sql<SqlBool>`(block_number, tx_index) >= (SELECT block_number, tx_index FROM transactions WHERE block_number <= ${head}
      ORDER BY block_number ASC, tx_index ASC OFFSET ${fromOldest} LIMIT 1)`;
    rows = (await base.where(bottom).orderBy('block_number', 'asc').orderBy('tx_index', 'asc').limit(take).execute()).reverse();
  }
  return { items: rows.map(toTransactionListItem), total };
}

/** The latest transactions, optionally of one type code (transactions_type_idx), newest first. */
export async function latestTransactions(ctx: ApiContext, limit: number, txType?: number): Promise<TransactionListItem[]> {
  let q = ctx.db.selectFrom('transactions').select(TX_LIST_COLUMNS);
  if (txType !== undefined) q = q.where('tx_type', '=', txType);
  const rows = await q.orderBy('block_number', 'desc').orderBy('tx_index', 'desc').limit(limit).execute();
  return rows.map(toTransactionListItem);
}

// ---------------------------------------------------------------------------------------------
// Detail

type TxRow = Selectable<DB['transactions']>;
type TransferRow = Selectable<DB['token_transfers']>;
type InternalRow = Selectable<DB['internal_transactions']>;

interface ContractInfo {
  address: string;
  contractType: string;
  isNft: boolean;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

const ADDRESS = /^0x[0-9a-f]{40}$/;

function tokenRef(address: string, info: ContractInfo | undefined, nft = false): TokenRef {
  const decimals = info?.decimals ?? (nft || info?.isNft ? 0 : DEFAULT_TOKEN_DECIMALS);
  return { address: rubyAddress(address), name: info?.name ?? null, symbol: info?.symbol ?? null, decimals };
}

/** A decimal string of base units from a decoded argument, or null. */
function units(v: unknown): string | null {
  if (typeof v === 'string' && /^[0-9]{1,78}$/.test(v)) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
  return null;
}

function hexQuantity(v: string | bigint | null | undefined): string {
  return `0x${BigInt(v ?? 0).toString(16)}`;
}

/** callTracer frame types from the stored call types. */
function frameType(callType: string): string {
  return callType.toUpperCase();
}

/**
 * A callTracer-shaped tree: the transaction as the top frame, its internal calls nested by
 * trace_address (execution order within each level). Addresses in the r form.
 */
export function buildCallTrace(tx: Pick<TxRow, 'from_address' | 'to_address' | 'contract_address' | 'value' | 'gas' | 'gas_used' | 'input' | 'status'>, internal: InternalRow[]): CallTrace {
  const to = tx.to_address ?? tx.contract_address;
  const root: CallTrace = {
    type: tx.to_address ? 'CALL' : 'CREATE',
    from: rubyAddress(tx.from_address),
    ...(to ? { to: rubyAddress(to) } : {}),
    value: hexQuantity(tx.value),
    gas: hexQuantity(tx.gas),
    gasUsed: hexQuantity(tx.gas_used),
    input: tx.input,
    calls: [],
  };
  if (tx.status === 0) root.error = BigInt(tx.gas_used) >= BigInt(tx.gas) ? 'out of gas' : 'execution reverted';
  const byPath = new Map<string, CallTrace>([['', root]]);
  const ordered = [...internal].sort((a, b) => a.trace_index - b.trace_index);
  for (const c of ordered) {
    const frame: CallTrace = {
      type: frameType(c.call_type),
      from: rubyAddress(c.from_address),
      ...(c.to_address ? { to: rubyAddress(c.to_address) } : {}),
      value: hexQuantity(c.value),
      ...(c.gas !== null ? { gas: hexQuantity(c.gas) } : {}),
      ...(c.gas_used !== null ? { gasUsed: hexQuantity(c.gas_used) } : {}),
      input: c.input ?? '0x',
      ...(c.output !== null && c.output !== '' && c.output !== '0x' ? { output: c.output } : {}),
      ...(c.error !== null ? { error: c.error } : {}),
      calls: [],
    };
    const path = c.trace_address;
    const cut = path.lastIndexOf(',');
    const parent = byPath.get(cut < 0 ? '' : path.slice(0, cut)) ?? root;
    parent.calls.push(frame);
    byPath.set(path, frame);
  }
  return root;
}

function transferItem(t: TransferRow, info: ContractInfo | undefined): TxTokenTransfer {
  const ref = tokenRef(t.token_address, info, t.token_id !== null);
  return {
    logIndex: t.log_index,
    from: rubyAddress(t.from_address),
    to: rubyAddress(t.to_address),
    tokenAddress: ref.address,
    tokenName: ref.name,
    tokenSymbol: ref.symbol,
    tokenDecimals: ref.decimals,
    value: toAmount(t.value, ref.decimals),
    valueWei: toWei(t.value),
    tokenId: t.token_id,
  };
}

function internalItem(c: InternalRow): TxInternalCall {
  return {
    traceAddress: c.trace_address,
    callType: c.call_type,
    from: rubyAddress(c.from_address),
    to: rubyAddress(c.to_address),
    value: toAmount(c.value),
    valueWei: toWei(c.value),
    gas: c.gas,
    gasUsed: c.gas_used,
    error: c.error,
  };
}

/** The swap's DEX details and what its recipient received; nulls when the call is not a swap. */
export function swapDetails(
  tx: Pick<TxRow, 'from_address' | 'value' | 'method'>,
  decoded: unknown,
  transfers: TransferRow[],
  internal: InternalRow[],
  contracts: Map<string, ContractInfo>,
): { dex: DexDetails | null; tokenReceived: TokenReceived | null } {
  const first = Array.isArray(decoded) ? (decoded[0] as Record<string, unknown> | undefined) : undefined;
  const rawPath = first?.path;
  if (!tx.method?.startsWith('swap') || !first || !Array.isArray(rawPath) || rawPath.length < 2) return { dex: null, tokenReceived: null };
  const path = rawPath.filter((p): p is string => typeof p === 'string' && ADDRESS.test(p.toLowerCase())).map((p) => p.toLowerCase());
  if (path.length !== rawPath.length) return { dex: null, tokenReceived: null };
  const tokenIn = path[0] as string;
  const tokenOut = path[path.length - 1] as string;
  const refIn = tokenRef(tokenIn, contracts.get(tokenIn));
  const refOut = tokenRef(tokenOut, contracts.get(tokenOut));
  const recipient = typeof first.to === 'string' && ADDRESS.test(first.to.toLowerCase()) ? first.to.toLowerCase() : null;

  // In: what the sender paid in path[0] (the first Transfer of it from the sender), else the argument.
  const paid = transfers.find((t) => t.token_address === tokenIn && t.from_address === tx.from_address && t.token_id === null);
  let amountInWei: string | null = paid?.value ?? units(first.amountIn) ?? units(first.amount);
  let inDecimals = refIn.decimals;
  if (amountInWei === null && BigInt(tx.value) > 0n) {
    amountInWei = toWei(tx.value); // coin in (swapExactETHFor…)
    inDecimals = 18;
  }
  // Out: the last Transfer of path[-1] to the recipient, else coin sent to it by an internal call.
  const outs = transfers.filter((t) => t.token_address === tokenOut && t.token_id === null && (recipient === null || t.to_address === recipient));
  const got = outs[outs.length - 1];
  let amountOutWei: string | null = got?.value ?? null;
  let outDecimals = refOut.decimals;
  let received: TokenReceived | null = got ? { ...refOut, to: rubyAddress(got.to_address), amount: toAmount(got.value, refOut.decimals), amountWei: toWei(got.value) } : null;
  if (!got && recipient) {
    const coin = internal.filter((c) => c.to_address === recipient && BigInt(c.value) > 0n && c.error === null).at(-1);
    if (coin) {
      amountOutWei = toWei(coin.value);
      outDecimals = 18;
      received = null;
    }
  }
  const minWei = units(first.amountOutMin);
  const dex: DexDetails = {
    function: tx.method,
    path: path.map((p) => rubyAddress(p)),
    pathSymbols: path.map((p) => contracts.get(p)?.symbol ?? null),
    recipient: rubyAddress(recipient),
    tokenIn: refIn,
    tokenOut: refOut,
    amountIn: amountInWei === null ? null : toAmount(amountInWei, inDecimals),
    amountInWei,
    amountOut: amountOutWei === null ? null : toAmount(amountOutWei, outDecimals),
    amountOutWei,
    minReceived: minWei === null ? null : toAmount(minWei, refOut.decimals),
    minReceivedWei: minWei,
  };
  return { dex, tokenReceived: received };
}

/** Contracts by address, with the name a page shows. */
function contractMap(rows: DetailRow['contracts']): Map<string, ContractInfo> {
  return new Map(rows.map((r) => [r.address, {
    address: r.address,
    contractType: r.contract_type,
    isNft: r.is_nft,
    // A token by its on-chain name, any other contract by its verified name first.
    name: r.contract_type === 'rbc20' ? (r.name ?? r.contract_name) : (r.contract_name ?? r.name),
    symbol: r.symbol,
    decimals: r.decimals,
  }]));
}

interface DetailRow extends TxRow {
  block_hash: string | null;
  block_base_fee: string | null;
  transfers: (Omit<TransferRow, 'value' | 'token_id'> & { value: string; token_id: string | null })[];
  internal: InternalRow[];
  contracts: { address: string; contract_type: string; is_nft: boolean; name: string | null; symbol: string | null; decimals: number | null; contract_name: string | null }[];
}

/**
 * Every detail of one transaction (hash: lowercase 0x + 64 hex), or null when unknown: ONE
 * statement and one round trip (the transaction, its block's hash and base fee, its token
 * transfers and internal calls by (block_number, tx_index), the primary keys' prefix, and the contracts it names, including a swap's path read from
 * the decoded input). Wei columns travel as JSON strings (::text), never as JSON numbers.
 */
export async function transactionDetail(ctx: ApiContext, hash: string): Promise<TransactionDetail | null> {
  const r = await sql<DetailRow>`SELECT t.*, b.hash AS block_hash, b.base_fee_per_gas AS block_base_fee,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('block_number', x.block_number, 'log_index', x.log_index, 'tx_hash', x.tx_hash,
          'tx_index', x.tx_index, 'timestamp', x.timestamp, 'token_address', x.token_address, 'from_address', x.from_address,
          'to_address', x.to_address, 'value', x.value::text, 'token_id', x.token_id::text) ORDER BY x.log_index), '[]'::jsonb)
        FROM (SELECT * FROM token_transfers WHERE block_number = t.block_number AND tx_index = t.tx_index
          ORDER BY log_index LIMIT ${DETAIL_TRANSFER_LIMIT}) x) AS transfers,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('block_number', x.block_number, 'tx_hash', x.tx_hash, 'tx_index', x.tx_index,
          'trace_index', x.trace_index, 'timestamp', x.timestamp, 'trace_address', x.trace_address, 'call_type', x.call_type,
          'from_address', x.from_address, 'to_address', x.to_address, 'value', x.value::text, 'gas', x.gas::text,
          'gas_used', x.gas_used::text, 'input', x.input, 'output', x.output, 'error', x.error) ORDER BY x.trace_index), '[]'::jsonb)
        FROM (SELECT * FROM internal_transactions WHERE block_number = t.block_number AND tx_index = t.tx_index
          ORDER BY trace_index LIMIT ${DETAIL_INTERNAL_LIMIT}) x) AS internal,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('address', c.address, 'contract_type', c.contract_type, 'is_nft', c.is_nft,
          'name', c.name, 'symbol', c.symbol, 'decimals', c.decimals, 'contract_name', s.contract_name)), '[]'::jsonb)
        FROM contracts c LEFT JOIN contract_sources s ON s.address = c.address
        WHERE c.address IN (
          SELECT t.to_address UNION SELECT t.contract_address UNION SELECT t.token_address
          UNION SELECT token_address FROM token_transfers WHERE block_number = t.block_number AND tx_index = t.tx_index
          UNION SELECT lower(p) FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(t.decoded_input -> 0 -> 'path') = 'array'
            THEN t.decoded_input -> 0 -> 'path' ELSE '[]'::jsonb END) AS p)) AS contracts
    FROM transactions t LEFT JOIN blocks b ON b.number = t.block_number
    WHERE t.hash = ${hash}`.execute(ctx.db);
  const tx = r.rows[0];
  if (!tx) return null;
  const block = tx.block_hash === null ? undefined : { hash: tx.block_hash, base_fee_per_gas: tx.block_base_fee };
  const transfers: TransferRow[] = tx.transfers;
  const internal = tx.internal;
  const decoded = tx.decoded_input;
  const first = Array.isArray(decoded) ? (decoded[0] as Record<string, unknown> | undefined) : undefined;
  const contracts = contractMap(tx.contracts);

  const created = tx.contract_address;
  const calledContract = tx.to_address && contracts.has(tx.to_address) ? tx.to_address : null;
  // A token transfer: the token and the amount of the call (the Transfer event may be absent when it failed).
  let token: TokenRef | null = null;
  let tokenValueWei: string | null = null;
  if (tx.tx_type === 2 && tx.token_address) {
    token = tokenRef(tx.token_address, contracts.get(tx.token_address));
    tokenValueWei = units(first?._value) ?? transfers.find((t) => t.token_address === tx.token_address)?.value ?? null;
  }
  const tokenValue = token && tokenValueWei !== null ? toAmount(tokenValueWei, token.decimals) : null;
  const { dex, tokenReceived } = swapDetails(tx, decoded, transfers, internal, contracts);
  const createdAt = isoTime(tx.timestamp);

  return {
    hash: tx.hash,
    status: tx.status,
    functionName: tx.method,
    blockNumber: tx.block_number,
    blockHash: block?.hash ?? '',
    createdAt,
    timestamp: tx.timestamp,
    updatedAt: createdAt,
    from: rubyAddress(tx.from_address),
    to: rubyAddress(tx.to_address),
    contract: rubyAddress(created ?? calledContract),
    contractAddress: rubyAddress(created),
    value: toAmount(tx.value),
    valueWei: toWei(tx.value),
    amount: tokenValue ?? toAmount(tx.value),
    amountWei: tokenValueWei ?? toWei(tx.value),
    fee: toAmount(tx.fee),
    feeWei: toWei(tx.fee),
    gas: tx.gas,
    gasLimit: tx.gas,
    gasPrice: toAmount(tx.effective_gas_price),
    gasPriceWei: toWei(tx.effective_gas_price),
    gasUsed: tx.gas_used,
    nonce: tx.nonce,
    transactionIndex: tx.tx_index,
    transactiontype: tx.tx_type,
    transactionType: (TX_TYPE_LABELS as Record<number, string>)[tx.tx_type] ?? TX_TYPE_UNKNOWN,
    decodedInput: displayDecodedInput(decoded),
    tokenAddress: token?.address ?? null,
    tokenName: token?.name ?? null,
    tokenSymbol: token?.symbol ?? null,
    tokenDecimals: token?.decimals ?? null,
    tokenValue,
    tokenValueWei: token ? tokenValueWei : null,
    input: tx.input,
    type: tx.envelope_type,
    chainId: tx.chain_id,
    v: tx.v,
    r: tx.r,
    s: tx.s,
    otherDetails: {
      maxFeePerGas: tx.max_fee_per_gas,
      maxPriorityFeePerGas: tx.max_priority_fee_per_gas,
      effectiveGasPrice: toWei(tx.effective_gas_price),
      gasPriceOffered: tx.gas_price,
      baseFeePerGas: block?.base_fee_per_gas ?? null,
    },
    tokenTransfers: transfers.map((t) => transferItem(t, contracts.get(t.token_address))),
    internalTransactions: internal.map(internalItem),
    dex,
    tokenReceived,
    rawTrace: buildCallTrace(tx, internal),
  };
}
