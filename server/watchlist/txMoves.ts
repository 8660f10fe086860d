/**
 * What a coin alert's transaction did besides moving coin: a swap through a watched
 * router moves no RUBY, so its alert said "received 0 RUBY". Each coin alert (log index -1) gets
 * the transaction's called function and the tokens it moved to or from its sender, summed per
 * token and direction (a multi-hop swap's hops through the pairs are not the sender's), so the
 * SPA can say "swapped 10 RUSD for 2.5 RBT", "received 10 RUSD" or "called swap on …".
 *
 * Read from the chain tables in their own queries (docs/architecture.md: with DATABASE_READ_URL,
 * chain reads go to the replica).
 */
import { sql, type Kysely } from 'kysely';
import type { WatchTokenMove } from '../../common/api/watchlist';
import { rubyAddress } from '../core/format';
import type { DB } from '../db/schema';

export interface TxDescription {
  method: string | null;
  moves: WatchTokenMove[];
}

const NONE: TxDescription = { method: null, moves: [] };

/** The called function: its decoded name, else the 4-byte selector of a call with input, else null. */
export function methodOf(method: string | null, selector: string): string | null {
  if (method) return method;
  return /^0x[0-9a-f]{8}$/i.test(selector) ? selector.toLowerCase() : null;
}

interface TransferRow {
  tx_hash: string;
  token_address: string;
  from_address: string;
  to_address: string;
  value: string;
  token_id: string | null;
}

/** The sender's token moves in `rows` (one transaction's transfers), summed per token and direction; an NFT id stays one move. */
export function senderMoves(
  sender: string,
  rows: readonly TransferRow[],
  meta: ReadonlyMap<string, { symbol: string | null; decimals: number | null }>,
): WatchTokenMove[] {
  const out: WatchTokenMove[] = [];
  const sums = new Map<string, WatchTokenMove>();
  for (const t of rows) {
    // A transfer to oneself moves nothing.
    if (t.from_address === t.to_address) continue;
    const direction = t.from_address === sender ? 'out' : t.to_address === sender ? 'in' : null;
    if (!direction) continue;
    const m = meta.get(t.token_address);
    const base = {
      direction,
      tokenAddress: rubyAddress(t.token_address) as string,
      tokenSymbol: m?.symbol ?? null,
      tokenDecimals: t.token_id === null ? (m?.decimals ?? null) : null,
    } as const;
    if (t.token_id !== null) {
      out.push({ ...base, valueWei: String(t.value), tokenId: String(t.token_id) });
      continue;
    }
    const key = `${direction}:${t.token_address}`;
    const sum = sums.get(key);
    if (sum) sum.valueWei = String(BigInt(sum.valueWei) + BigInt(t.value));
    else {
      const move: WatchTokenMove = { ...base, valueWei: String(t.value), tokenId: null };
      sums.set(key, move);
      out.push(move);
    }
  }
  // Sent first, then received: "swapped <out> for <in>".
  return out.sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'out' ? -1 : 1));
}

/** The description of each transaction in `hashes` (lowercase 0x); a hash not indexed (any more) is left out. */
export async function describeTxs(db: Kysely<DB>, hashes: readonly string[]): Promise<Map<string, TxDescription>> {
  const out = new Map<string, TxDescription>();
  if (hashes.length === 0) return out;
  const txs = await db
    .selectFrom('transactions')
    .select(['hash', 'from_address', 'method', sql<string>`substr(input, 1, 10)`.as('selector')])
    .where('hash', 'in', [...hashes])
    .execute();
  if (txs.length === 0) return out;
  const transfers = await db
    .selectFrom('token_transfers')
    .select(['tx_hash', 'token_address', 'from_address', 'to_address', 'value', 'token_id'])
    .where(
      'tx_hash',
      'in',
      txs.map((t) => t.hash),
    )
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
  const tokens = [...new Set(transfers.map((t) => t.token_address))];
  const meta = tokens.length
    ? await db.selectFrom('contracts').select(['address', 'symbol', 'decimals']).where('address', 'in', tokens).execute()
    : [];
  const byToken = new Map(meta.map((m) => [m.address, { symbol: m.symbol, decimals: m.decimals }]));
  for (const t of txs) {
    const rows = transfers.filter((r) => r.tx_hash === t.hash) as TransferRow[];
    out.set(t.hash, { method: methodOf(t.method, t.selector), moves: senderMoves(t.from_address, rows, byToken) });
  }
  return out;
}

/** One NFT log's rows (a TransferBatch has one per id), by `${txHash}:${logIndex}`. */
export type NftLogs = Map<string, { token_id: string; value: string; batch_index: number }[]>;

/**
 * The NFT rows of the token alerts' logs (ERC-1155): a token alert is one per log and
 * direction, and an ERC-1155 log moves an amount of each of one or more ids, which the alert's one
 * value cannot say. Read by the table's key (block, log index), not by the unindexed tx_hash.
 */
export async function nftLogsOf(
  db: Kysely<DB>,
  alerts: readonly { txHash: string; blockNumber: number; logIndex: number }[],
): Promise<NftLogs> {
  const out: NftLogs = new Map();
  if (alerts.length === 0) return out;
  const rows = await db
    .selectFrom('token_transfers')
    .select(['tx_hash', 'log_index', 'batch_index', 'token_id', 'value'])
    .where((eb) => eb.or(alerts.map((a) => eb.and([eb('block_number', '=', a.blockNumber), eb('log_index', '=', a.logIndex)]))))
    .where('token_id', 'is not', null)
    .orderBy('block_number')
    .orderBy('log_index')
    .orderBy('batch_index')
    .execute();
  for (const r of rows) {
    const key = `${r.tx_hash}:${r.log_index}`;
    const row = { token_id: String(r.token_id), value: String(r.value), batch_index: r.batch_index };
    out.set(key, [...(out.get(key) ?? []), row]);
  }
  return out;
}

/** The description of an alert: a coin alert (log index -1) its transaction's; an NFT token alert the ids and amounts of its log. */
export function descriptionOf(
  map: ReadonlyMap<string, TxDescription>,
  alert: { txHash: string; logIndex: number; kind: string; tokenAddress: string | null; tokenSymbol: string | null },
  nftLogs: NftLogs = new Map(),
): TxDescription {
  if (alert.logIndex === -1) return map.get(alert.txHash) ?? NONE;
  const rows = nftLogs.get(`${alert.txHash}:${alert.logIndex}`);
  if (!rows || alert.tokenAddress === null) return NONE;
  const base = {
    direction: alert.kind === 'token_out' ? 'out' : 'in',
    tokenAddress: rubyAddress(alert.tokenAddress) as string,
    tokenSymbol: alert.tokenSymbol,
    tokenDecimals: null,
  } as const;
  return { method: null, moves: rows.map((r) => ({ ...base, valueWei: r.value, tokenId: r.token_id })) };
}
