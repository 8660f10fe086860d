/**
 * The pure step of a summary: a transaction, its parsed events, its internal coin
 * transfers and what the node said about it (revert, EIP-7702 authorisations) → its actions, in
 * order. Swaps and liquidity are matched to the Transfer events that moved their tokens (so the
 * amounts are the logs' own), and those transfers are not listed again. No I/O: labels come in.
 */
import type { ActionOf, RevertReason, SummaryParty, SummaryToken, TxAction } from '../../common/api/txSummary';
import type { ChainEvent } from './events';

export const MAX_ACTIONS = 20;
const ZERO = '0x0000000000000000000000000000000000000000';
const UNLIMITED = 2n ** 255n;

export interface SummaryTx {
  from: string;
  to: string | null;
  contractAddress: string | null;
  value: bigint;
  status: number;
  method: string | null;
  /** The input's first four bytes (0x + 8 hex), null for an empty input. */
  selector: string | null;
}

export interface CoinMove {
  from: string;
  to: string;
  value: bigint;
}

export interface Delegation {
  authority: string | null;
  /** The delegate; the zero address clears the delegation. */
  delegate: string;
}

export interface SummaryFacts {
  revert: RevertReason | null;
  delegations: Delegation[];
}

/** Names and token data by lowercase 0x address (the caller reads them in one batch). */
export interface Labels {
  /** An address in the form the API shows (r…). */
  address(address: string): string;
  party(address: string): SummaryParty;
  token(address: string, nft: boolean): SummaryToken;
  /** A contract's verified (or token) name, for a creation. */
  contractName(address: string): string | null;
}

type Transfer = Extract<ChainEvent, { e: 'transfer' }>;
type Placed = { i: number; action: TxAction };

interface SwapChain {
  first: number;
  tokenIn: string;
  amountIn: bigint;
  pool: string;
  hops: number;
  to: string;
  tokenOut: string;
  out: bigint;
  /** The last hop's transfer out, which is the next hop's transfer in. */
  lastOut: Transfer;
}

function swaps(events: ChainEvent[], transfers: Transfer[], used: Set<Transfer>, L: Labels): Placed[] {
  const out: Placed[] = [];
  const find = (ok: (t: Transfer) => boolean) => transfers.find((t) => !used.has(t) && t.tokenId === null && ok(t));
  let chain: SwapChain | null = null;
  const flush = () => {
    if (!chain) return;
    out.push({
      i: chain.first,
      action: {
        kind: 'swap',
        tokenIn: L.token(chain.tokenIn, false),
        amountInWei: chain.amountIn.toString(),
        tokenOut: L.token(chain.tokenOut, false),
        amountOutWei: chain.out.toString(),
        pool: L.party(chain.pool),
        hops: chain.hops,
      },
    });
    chain = null;
  };
  for (const ev of events) {
    if (ev.e !== 'swap') continue;
    const amountIn = ev.in0 > 0n ? ev.in0 : ev.in1;
    const amountOut = ev.out0 > 0n ? ev.out0 : ev.out1;
    // A hop of a multi-hop swap is paid by the previous hop's transfer out (already matched).
    // (flush() resets `chain` inside a closure, which narrowing does not see.)
    const prev = chain as SwapChain | null;
    const chained: boolean = prev !== null && prev.to === ev.pool && prev.lastOut.to === ev.pool && prev.out === amountIn;
    const inT: Transfer | undefined = chained && prev ? prev.lastOut : find((t) => t.to === ev.pool && t.value === amountIn && t.i < ev.i);
    const outT = find((t) => t.from === ev.pool && t.value === amountOut);
    if (!inT || !outT) {
      flush();
      continue;
    }
    used.add(inT).add(outT);
    if (chained && prev) {
      prev.hops += 1;
      prev.to = ev.to;
      prev.tokenOut = outT.token;
      prev.out = amountOut;
      prev.lastOut = outT;
    } else {
      flush();
      chain = {
        first: Math.min(inT.i, ev.i),
        tokenIn: inT.token,
        amountIn,
        pool: ev.pool,
        hops: 1,
        to: ev.to,
        tokenOut: outT.token,
        out: amountOut,
        lastOut: outT,
      };
    }
  }
  flush();
  return out;
}

function liquidity(events: ChainEvent[], transfers: Transfer[], used: Set<Transfer>, L: Labels): Placed[] {
  const out: Placed[] = [];
  for (const ev of events) {
    if (ev.e !== 'mint' && ev.e !== 'burn') continue;
    const add = ev.e === 'mint';
    const moved = (amount: bigint) =>
      transfers.find(
        (t) =>
          !used.has(t) && t.tokenId === null && t.token !== ev.pool && t.value === amount && (add ? t.to === ev.pool : t.from === ev.pool),
      );
    const t0 = moved(ev.amount0);
    if (t0) used.add(t0);
    const t1 = moved(ev.amount1);
    if (!t0 || !t1) {
      if (t0) used.delete(t0);
      continue;
    }
    used.add(t1);
    // The pool's own liquidity token minted or burnt with it.
    for (const t of transfers) if (t.token === ev.pool && (add ? t.from === ZERO : t.to === ZERO || t.to === ev.pool)) used.add(t);
    out.push({
      i: Math.min(t0.i, t1.i),
      action: {
        kind: add ? 'addLiquidity' : 'removeLiquidity',
        pool: L.party(ev.pool),
        token0: L.token(t0.token, false),
        amount0Wei: ev.amount0.toString(),
        token1: L.token(t1.token, false),
        amount1Wei: ev.amount1.toString(),
      },
    });
  }
  return out;
}

function nftAction(t: Transfer, L: Labels): ActionOf<'nftMint' | 'nftTransfer' | 'nftBurn'> {
  const collection = L.token(t.token, true);
  const tokenIds = [t.tokenId ?? ''];
  if (t.from === ZERO) return { kind: 'nftMint', collection, tokenIds, to: L.party(t.to) };
  if (t.to === ZERO) return { kind: 'nftBurn', collection, tokenIds, from: L.address(t.from) };
  return { kind: 'nftTransfer', collection, tokenIds, from: L.address(t.from), to: L.party(t.to) };
}

/** The same NFT move of several ids in a row becomes one action listing the ids. */
function sameNftMove(a: TxAction, b: ActionOf<'nftMint' | 'nftTransfer' | 'nftBurn'>): boolean {
  if (a.kind !== b.kind || !('collection' in a) || a.collection.address !== b.collection.address) return false;
  const from = (x: TxAction) => ('from' in x ? x.from : null);
  const to = (x: TxAction) => ('to' in x && typeof x.to === 'object' ? x.to.address : null);
  return from(a) === from(b) && to(a) === to(b);
}

function eventActions(tx: SummaryTx, events: ChainEvent[], L: Labels): Placed[] {
  const transfers = events.filter((e): e is Transfer => e.e === 'transfer');
  const used = new Set<Transfer>();
  const placed = [...swaps(events, transfers, used, L), ...liquidity(events, transfers, used, L)];
  let lastNft: Placed | null = null;
  for (const ev of events) {
    if (ev.e === 'transfer' && !used.has(ev)) {
      if (ev.tokenId !== null) {
        const a = nftAction(ev, L);
        const prev = lastNft?.action;
        if (prev && sameNftMove(prev, a) && 'tokenIds' in prev) prev.tokenIds.push(...a.tokenIds);
        else placed.push((lastNft = { i: ev.i, action: a }));
        continue;
      }
      placed.push({
        i: ev.i,
        action: {
          kind: 'tokenTransfer',
          token: L.token(ev.token, false),
          from: L.address(ev.from),
          to: L.party(ev.to),
          amountWei: ev.value.toString(),
        },
      });
    } else if (ev.e === 'approval' && ev.owner === tx.from) {
      // An allowance spent by a transferFrom (older tokens emit Approval then) is not an approval the sender gave.
      if (transfers.some((t) => t.token === ev.token && t.from === ev.owner)) continue;
      const token = L.token(ev.token, false);
      const spender = L.party(ev.spender);
      placed.push({
        i: ev.i,
        action:
          ev.value === 0n
            ? { kind: 'revoke', token, spender }
            : { kind: 'approve', token, spender, amountWei: ev.value.toString(), unlimited: ev.value >= UNLIMITED },
      });
    } else if (ev.e === 'upgraded') {
      placed.push({ i: ev.i, action: { kind: 'proxyUpgrade', proxy: L.party(ev.proxy), implementation: L.party(ev.implementation) } });
    }
  }
  return placed.sort((a, b) => a.i - b.i);
}

/** What the transaction did, in order; a failed one is one `failed` action with its revert reason. */
export function buildSummary(tx: SummaryTx, events: ChainEvent[], coin: CoinMove[], facts: SummaryFacts, L: Labels): TxAction[] {
  if (tx.status !== 1) {
    return [
      {
        kind: 'failed',
        method: tx.method ?? tx.selector,
        contract: tx.to && tx.selector ? L.party(tx.to) : null,
        reason: facts.revert ?? { kind: 'unavailable' },
      },
    ];
  }
  const out: TxAction[] = facts.delegations.map((d) => {
    const authority = d.authority === null ? null : L.address(d.authority);
    return d.delegate === ZERO
      ? { kind: 'delegationCleared', authority }
      : { kind: 'delegationSet', authority, delegate: L.party(d.delegate) };
  });
  if (!tx.to && tx.contractAddress) {
    out.push({ kind: 'contractCreation', contract: L.party(tx.contractAddress), name: L.contractName(tx.contractAddress) });
  }
  // A multi-hop swap is named by what it went through as a whole (the router called), not its first pool.
  const fromEvents = eventActions(tx, events, L).map((p) =>
    p.action.kind === 'swap' && p.action.hops > 1 && tx.to ? { ...p.action, pool: L.party(tx.to) } : p.action,
  );
  const coinMoves: TxAction[] = coin.map((c) => ({
    kind: 'coinTransfer',
    from: L.address(c.from),
    to: L.party(c.to),
    amountWei: c.value.toString(),
  }));
  if (tx.to && !tx.selector) {
    // A plain transfer (to an account, or to a contract's receive function); nothing moved beside a delegation says nothing.
    if (tx.value > 0n || out.length === 0)
      out.push({ kind: 'coinTransfer', from: L.address(tx.from), to: L.party(tx.to), amountWei: tx.value.toString() });
  } else if (tx.to && fromEvents.length === 0 && out.length === 0) {
    out.push({ kind: 'call', method: tx.method, selector: tx.selector, contract: L.party(tx.to) });
  }
  out.push(...fromEvents, ...coinMoves);
  return out.slice(0, MAX_ACTIONS);
}
