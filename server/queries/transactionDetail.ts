/**
 * The transaction detail: the transaction with its token transfers, internal calls, DEX details and
 * a synthetic call trace, read in one statement (transactionDetail).
 */
import { sql } from 'kysely';
import { TX_TYPE_LABELS, TX_TYPE_UNKNOWN } from '../../common/spec';
import { TX_TYPE } from '../../common/txTypes';
import type { TokenRef, TransactionDetail, TxInternalCall, TxTokenTransfer } from '../../common/api/transactions';
import { NO_TRACES_NOTICE } from '../../common/api/capabilities';
import type { ApiContext } from '../core/context';
import { isoTime, rubyAddress, toAmount, toWei } from '../core/format';
import { displayDecodedInput } from './transactionRows';
import { displayName, type ContractNameRow } from './displayName';
import { summariesFor } from './txSummaries';
import {
  buildCallTrace,
  swapDetails,
  tokenRef,
  units,
  type ContractInfo,
  type InternalRow,
  type TransferRow,
  type TxRow,
} from './transactionParts';
import { MODERN_COLUMNS, authorizationItem, blobItem, confirmations, feeFigures, type AuthorizationJson, type BlobJson } from './txModern';

/** Caps of the detail page's lists (a transaction with more is pathological). */
export const DETAIL_TRANSFER_LIMIT = 1000;
export const DETAIL_INTERNAL_LIMIT = 5000;
/** How long the detail waits for the node's answer about a failed or type-4 transaction it has not asked yet. */
export const DETAIL_FACTS_WAIT_MS = 5000;

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

/** Contracts by address, with the name a page shows. */
function contractMap(rows: DetailRow['contracts']): Map<string, ContractInfo> {
  return new Map(
    rows.map((r) => [
      r.address,
      {
        address: r.address,
        contractType: r.contract_type,
        isNft: r.is_nft,
        name: displayName(r.contract_type, r.is_nft, r.name, r.contract_name),
        symbol: r.symbol,
        decimals: r.decimals,
      },
    ]),
  );
}

interface DetailRow extends TxRow {
  block_hash: string | null;
  block_base_fee: string | null;
  /** false: the block was indexed without call traces; null: block row missing. */
  block_traced: boolean | null;
  indexed_head: number | string | null;
  authorizations: AuthorizationJson[];
  blob: BlobJson | null;
  transfers: (Omit<TransferRow, 'value' | 'token_id'> & { value: string; token_id: string | null })[];
  internal: InternalRow[];
  contracts: ContractNameRow[];
}

/**
 * Every detail of one transaction (hash: lowercase 0x + 64 hex), or null when unknown: ONE
 * statement and one round trip (the transaction, its block's hash and base fee, its token
 * transfers and internal calls by (block_number, tx_index), the primary keys' prefix, and the contracts it names, including a swap's path read from
 * the decoded input). Wei columns travel as JSON strings (::text), never as JSON numbers.
 */
export async function transactionDetail(ctx: ApiContext, hash: string): Promise<TransactionDetail | null> {
  const [r, summaries] = await Promise.all([detailRow(ctx, hash), summariesFor(ctx, [hash], DETAIL_FACTS_WAIT_MS)]);
  const tx = r.rows[0];
  if (!tx) return null;
  return detailOf(tx, summaries.get(hash) ?? []);
}

function detailRow(ctx: ApiContext, hash: string) {
  return sql<DetailRow>`SELECT t.*, b.hash AS block_hash, b.base_fee_per_gas AS block_base_fee, b.traced AS block_traced,
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
            THEN t.decoded_input -> 0 -> 'path' ELSE '[]'::jsonb END) AS p)) AS contracts,
      ${MODERN_COLUMNS}
    FROM transactions t LEFT JOIN blocks b ON b.number = t.block_number
    WHERE t.hash = ${hash}`.execute(ctx.db);
}

function detailOf(tx: DetailRow, summary: TransactionDetail['summary']): TransactionDetail {
  const block = tx.block_hash === null ? undefined : { hash: tx.block_hash, base_fee_per_gas: tx.block_base_fee };
  const transfers: TransferRow[] = tx.transfers;
  const internal = tx.internal;
  const traced = tx.block_traced !== false;
  const decoded = tx.decoded_input;
  const first = Array.isArray(decoded) ? (decoded[0] as Record<string, unknown> | undefined) : undefined;
  const contracts = contractMap(tx.contracts);

  const created = tx.contract_address;
  const calledContract = tx.to_address && contracts.has(tx.to_address) ? tx.to_address : null;
  // A token transfer: the token and the amount of the call (the Transfer event may be absent when it failed).
  let token: TokenRef | null = null;
  let tokenValueWei: string | null = null;
  if (tx.tx_type === TX_TYPE.tokenTransfer && tx.token_address) {
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
      ...feeFigures(tx, block?.base_fee_per_gas ?? null),
    },
    confirmations: confirmations(tx.indexed_head, tx.block_number),
    blob: blobItem(tx.blob),
    authorizationList: tx.authorizations.map(authorizationItem),
    tokenTransfers: transfers.map((t) => transferItem(t, contracts.get(t.token_address))),
    // Unavailable is not empty: without traces the node could not tell.
    internalTransactions: traced ? internal.map(internalItem) : null,
    internalTransactionsUnavailable: traced ? null : NO_TRACES_NOTICE,
    dex,
    tokenReceived,
    rawTrace: traced ? buildCallTrace(tx, internal) : null,
    summary,
  };
}
