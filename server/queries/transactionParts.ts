/**
 * Pieces of the transaction detail (transactionDetail.ts) that are pure functions of its rows: the
 * synthetic callTracer-shaped trace and the DEX details of a swap, and the token reference both use.
 */
import type { Selectable } from 'kysely';
import type { CallTrace, DexDetails, TokenReceived, TokenRef } from '../../common/api/transactions';
import { DEFAULT_TOKEN_DECIMALS } from '../../common/txTypes';
import type { DB } from '../db/schema';
import { rubyAddress, toAmount, toWei } from '../core/format';

export type TxRow = Selectable<DB['transactions']>;
export type TransferRow = Selectable<DB['token_transfers']>;
export type InternalRow = Selectable<DB['internal_transactions']>;

export interface ContractInfo {
  address: string;
  contractType: string;
  isNft: boolean;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
}

const ADDRESS = /^0x[0-9a-f]{40}$/;

export function tokenRef(address: string, info: ContractInfo | undefined, nft = false): TokenRef {
  const decimals = info?.decimals ?? (nft || info?.isNft ? 0 : DEFAULT_TOKEN_DECIMALS);
  return { address: rubyAddress(address), name: info?.name ?? null, symbol: info?.symbol ?? null, decimals };
}

/** A decimal string of base units from a decoded argument, or null. */
export function units(v: unknown): string | null {
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
export function buildCallTrace(
  tx: Pick<TxRow, 'from_address' | 'to_address' | 'contract_address' | 'value' | 'gas' | 'gas_used' | 'input' | 'status'>,
  internal: InternalRow[],
): CallTrace {
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
  const outs = transfers.filter(
    (t) => t.token_address === tokenOut && t.token_id === null && (recipient === null || t.to_address === recipient),
  );
  const got = outs[outs.length - 1];
  let amountOutWei: string | null = got?.value ?? null;
  let outDecimals = refOut.decimals;
  let received: TokenReceived | null = got
    ? { ...refOut, to: rubyAddress(got.to_address), amount: toAmount(got.value, refOut.decimals), amountWei: toWei(got.value) }
    : null;
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
