/**
 * The advanced filter's rows computed the slow way, from the node's blocks, receipts and traces
 * (tests/server/api/etherscanFixture.ts readNodeChain): every transaction, every internal call that
 * moves coin, every Transfer log; then each filter field tested row by row. What the API answers
 * must equal this list, in the same newest-first order.
 */
import { id } from 'ethers';
import type { FilterSpec } from '../../../common/advancedFilter';
import { compareDecimal } from '../../../common/advancedFilter';
import { TRANSFER_TOPIC } from '../../../server/indexer/decode';
import { hexToNumber } from '../../../server/chain/rpc';
import { dec, lower, type NodeChain } from './etherscanFixture';

export interface OracleRow {
  kind: 'tx' | 'internal' | 'token' | 'nft';
  key: [number, number, number, number, number];
  timestamp: number;
  hash: string;
  from: string;
  to: string | null;
  valueWei: string;
  token: string | null;
  tokenId: string | null;
  ok: boolean;
  input: string;
}

/** Every row of the chain, newest first. */
export function allRows(node: NodeChain): OracleRow[] {
  const out: OracleRow[] = [];
  const txOf = new Map(node.txs.map((t) => [t.tx.hash.toLowerCase(), t]));
  for (const t of node.txs) {
    const b = hexToNumber(t.block.number);
    const ti = hexToNumber(t.tx.transactionIndex);
    const ok = t.receipt.status === '0x1';
    const base = { timestamp: hexToNumber(t.block.timestamp), hash: t.tx.hash.toLowerCase(), ok, input: t.tx.input };
    out.push({
      ...base,
      kind: 'tx',
      key: [b, ti, 2, 0, 0],
      from: lower(t.tx.from),
      to: lower(t.tx.to ?? t.receipt.contractAddress),
      valueWei: dec(t.tx.value),
      token: null,
      tokenId: null,
    });
    for (const l of t.receipt.logs) {
      if (lower(l.topics[0]) !== TRANSFER_TOPIC || l.topics.length < 3) continue;
      const nft = l.topics.length === 4;
      out.push({
        ...base,
        kind: nft ? 'nft' : 'token',
        key: [b, ti, 0, hexToNumber(l.logIndex), 0],
        from: `0x${l.topics[1]!.slice(26)}`.toLowerCase(),
        to: `0x${l.topics[2]!.slice(26)}`.toLowerCase(),
        valueWei: nft ? '1' : dec(l.data.slice(0, 66)),
        token: lower(l.address),
        tokenId: nft ? dec(l.topics[3]) : null,
      });
    }
  }
  const traceIndex = new Map<string, number>();
  for (const tr of node.traces) {
    if (!tr.transactionHash || tr.type === 'reward' || tr.traceAddress.length === 0) continue;
    const h = tr.transactionHash.toLowerCase();
    const idx = traceIndex.get(h) ?? 0;
    traceIndex.set(h, idx + 1);
    const t = txOf.get(h);
    const a = tr.action;
    const value = BigInt(tr.type === 'suicide' ? (a.balance ?? '0x0') : (a.value ?? '0x0'));
    const callType = tr.type === 'create' ? 'create' : tr.type === 'suicide' ? 'selfdestruct' : (a.callType ?? tr.type);
    if (!t || value === 0n || callType === 'delegatecall' || callType === 'staticcall') continue;
    out.push({
      kind: 'internal',
      key: [hexToNumber(t.block.number), hexToNumber(t.tx.transactionIndex), 1, idx, 0],
      timestamp: hexToNumber(t.block.timestamp),
      hash: h,
      from: lower(tr.type === 'suicide' ? a.address : a.from),
      to: tr.type === 'create' ? lower(tr.result?.address ?? a.address) : tr.type === 'suicide' ? lower(a.refundAddress) : lower(a.to),
      valueWei: value.toString(),
      token: null,
      tokenId: null,
      ok: t.receipt.status === '0x1' && !tr.error,
      input: t.tx.input,
    });
  }
  const cmp = (x: OracleRow, y: OracleRow) => {
    for (let i = 0; i < 5; i++) if (x.key[i] !== y.key[i]) return y.key[i]! - x.key[i]!;
    return 0;
  };
  return out.sort(cmp);
}

/** Whole units of `wei` with `decimals`, as a decimal text (for compareDecimal). */
const units = (wei: string, decimals: number) => {
  const s = wei.padStart(decimals + 1, '0');
  return decimals === 0 ? wei : `${s.slice(0, s.length - decimals)}.${s.slice(s.length - decimals)}`;
};

/** The rows of `all` that `spec` keeps (names: selectors of the given signatures). */
export function brute(
  all: OracleRow[],
  spec: FilterSpec,
  names: Record<string, string[]> = {},
  blockTime?: (b: number) => number,
): OracleRow[] {
  const selectors = spec.methods.flatMap((m) =>
    m.selector ? [m.selector] : (names[m.name ?? ''] ?? []).map((sig) => id(sig).slice(0, 10)),
  );
  return all.filter((r) => {
    if (!spec.kinds.includes(r.kind)) return false;
    if (spec.tokens.length && (r.token === null || !spec.tokens.includes(r.token))) return false;
    const f = spec.from.length ? spec.from.includes(r.from) : null;
    const t = spec.to.length ? spec.to.includes(r.to ?? '') : null;
    if (f !== null && t !== null ? (spec.mode === 'or' ? !(f || t) : !(f && t)) : f === false || t === false) return false;
    if (selectors.length && !selectors.includes(r.input.slice(0, 10))) return false;
    if (spec.status && (spec.status === 'success') !== r.ok) return false;
    const amount = units(r.valueWei, r.kind === 'nft' ? 0 : 18);
    if (spec.min !== null && compareDecimal(amount, spec.min) < 0) return false;
    if (spec.max !== null && compareDecimal(amount, spec.max) > 0) return false;
    if (spec.fromBlock !== null && r.key[0] < spec.fromBlock) return false;
    if (spec.toBlock !== null && r.key[0] > spec.toBlock) return false;
    const day = new Date((blockTime?.(r.key[0]) ?? r.timestamp) * 1000).toISOString().slice(0, 10);
    if (spec.fromDate !== null && day < spec.fromDate) return false;
    if (spec.toDate !== null && day > spec.toDate) return false;
    return true;
  });
}
