/**
 * One block's worth of traffic, drawn from the seeded PRNG: which kinds, senders, recipients and
 * amounts. Pure apart from the world it updates, so the same seed on a fresh chain plans the same
 * transactions. Gas limits are fixed per kind (no eth_estimateGas: transactions in one block depend
 * on each other, and the failing ones must still be mined); they are generous, unused gas is refunded.
 */
import { MaxUint256, type Authorization } from 'ethers';
import type { Prng } from './prng';
import { TOKENS, erc20, nft, router, splitter } from './trafficContracts';
import type { Actor, TrafficWorld } from './trafficWorld';

export type TxKind =
  'coin' | 'token' | 'approve' | 'transferFrom' | 'swap' | 'distribute' | 'tip' | 'mint' | 'fund' | 'fail' | 'proxy' | 'delegate';

export interface SwapQuote {
  amountIn: bigint;
  path: string[];
  recipient: string;
  /** amountOutMin = quote × permille / 1000; 0 = impossible on purpose (quote × 2 + 1). */
  minPermille: number;
}

export interface PlannedTx {
  kind: TxKind;
  /** Why a 'fail' transaction fails, for logs and tests. */
  note?: string;
  sender: Actor;
  to: string;
  value: bigint;
  data: string;
  gasLimit: bigint;
  tip: bigint;
  legacy: boolean;
  expectFail: boolean;
  /** Swaps: data is encoded once the node has quoted the path. */
  swap?: SwapQuote;
  /** EIP-7702 authorizations: sent as a type 4 transaction (trafficDelegation.ts). */
  authorizationList?: Authorization[];
}

/** Relative frequency of each kind per transaction slot (fund makes two transactions). */
export const KIND_WEIGHTS = { coin: 24, token: 22, approve: 4, swap: 20, distribute: 9, tip: 3, mint: 9, fund: 5, fail: 4 } as const;

const GAS = {
  coin: 21_000n,
  token: 90_000n,
  approve: 60_000n,
  transferFrom: 110_000n,
  swap2: 250_000n,
  swap3: 360_000n,
  tip: 70_000n,
  mint: 160_000n,
};
const RUSD = 1;
const MILLI = 10n ** 15n;
const HUNDREDTH = 10n ** 16n;
const UNIT = 10n ** 18n;
/** Used to keep new wallets' coin estimate a lower bound (base fee here stays far below this). */
const GAS_PRICE_BOUND = 5_000_000_000n;

export function planStep(prng: Prng, world: TrafficWorld, step: number, activated: Actor[]): PlannedTx[] {
  const txs: PlannedTx[] = world.deferred;
  world.deferred = [];
  const tx = (kind: TxKind, sender: Actor, to: string, data: string, gasLimit: bigint, value = 0n): PlannedTx => {
    const t: PlannedTx = { kind, sender, to, value, data, gasLimit, expectFail: false, ...fees(prng) };
    if (!sender.dev) sender.coin -= value + gasLimit * GAS_PRICE_BOUND;
    return t;
  };
  // A wallet's first transaction of its own: approving the router, so it can swap from next step.
  for (const a of activated) {
    world.activate(a);
    txs.push(tx('approve', a, world.token(RUSD), erc20.encodeFunctionData('approve', [world.deployment.router, MaxUint256]), GAS.approve));
    a.swapFrom = step + 1;
  }

  const canPay = (a: Actor, wei: bigint) => a.dev || a.coin > wei + 400_000n * GAS_PRICE_BOUND;
  const sender = (ok: (a: Actor) => boolean = () => true): Actor => {
    if (world.active.length > 0 && prng.chance(0.35)) {
      const candidates = world.active.filter(ok);
      if (candidates.length > 0) return prng.pick(candidates);
    }
    return prng.pick(world.devs);
  };
  const recipient = (not: Actor): string => {
    const r = prng.next();
    const others = (list: Actor[]) => list.filter((a) => a !== not);
    if (r < 0.45) return prng.pick(others(world.devs)).address;
    if (r < 0.75 && others(world.active).length > 0) return prng.pick(others(world.active)).address;
    return world.freshAddress();
  };
  const coin = (minMilli: number, maxMilli: number) => BigInt(prng.int(minMilli, maxMilli)) * MILLI;
  const tokenAmount = (i: number) => {
    const [lo, hi] = TOKENS[i]?.hundredths ?? [1, 100];
    return BigInt(prng.int(lo, hi)) * HUNDREDTH;
  };
  const rusdFor = (a: Actor) => {
    const amount = tokenAmount(RUSD);
    if (a.dev) return amount;
    const capped = amount < a.rusd / 4n ? amount : a.rusd / 4n;
    a.rusd -= capped;
    return capped;
  };
  const swapTx = (s: Actor, path: number[], minPermille: number, amountIn: bigint, to: string): PlannedTx => {
    const t = tx('swap', s, world.deployment.router, '0x', path.length > 2 ? GAS.swap3 : GAS.swap2);
    t.swap = { amountIn, path: path.map((i) => world.token(i)), recipient: to, minPermille };
    return t;
  };

  const approvals = new Set<string>();
  const target = prng.int(5, 24);
  while (txs.length < target) {
    const kind = prng.weighted(KIND_WEIGHTS);
    switch (kind) {
      case 'coin': {
        const s = sender((a) => canPay(a, 50n * MILLI));
        txs.push(tx('coin', s, recipient(s), '0x', GAS.coin, s.dev ? coin(1, 5_000) : coin(1, 50)));
        break;
      }
      case 'token': {
        const s = sender((a) => a.rusd >= 20n * UNIT && canPay(a, 0n));
        const ti = s.dev ? prng.int(0, TOKENS.length - 1) : RUSD;
        const amount = ti === RUSD ? rusdFor(s) : tokenAmount(ti);
        txs.push(tx('token', s, world.token(ti), erc20.encodeFunctionData('transfer', [recipient(s), amount]), GAS.token));
        break;
      }
      case 'approve': {
        // approve now, transferFrom by the spender next step (same block could order them wrongly).
        const owner = prng.pick(world.devs);
        const spender = prng.pick(world.devs.filter((a) => a !== owner));
        const ti = prng.int(0, TOKENS.length - 1);
        // A second approve of the same allowance in one block would overwrite the first one,
        // and one of the two transferFroms would then fail unintentionally.
        const key = `${owner.address}:${spender.address}:${ti}`;
        if (approvals.has(key)) break;
        approvals.add(key);
        const amount = tokenAmount(ti);
        const token = world.token(ti);
        txs.push(tx('approve', owner, token, erc20.encodeFunctionData('approve', [spender.address, amount]), GAS.approve));
        const data = erc20.encodeFunctionData('transferFrom', [owner.address, recipient(spender), amount]);
        world.deferred.push(tx('transferFrom', spender, token, data, GAS.transferFrom));
        break;
      }
      case 'swap': {
        const s = sender((a) => a.swapFrom <= step && a.rusd >= 20n * UNIT && canPay(a, 0n));
        const hops = prng.chance(0.3) ? 3 : 2;
        const path = s.dev ? prng.sample([0, 1, 2], hops) : [RUSD, ...prng.sample([0, 2], hops - 1)];
        const amountIn = path[0] === RUSD ? rusdFor(s) : tokenAmount(path[0] ?? 0);
        const to = prng.chance(0.9) ? s.address : recipient(s);
        txs.push(swapTx(s, path, 1000 - prng.int(5, 50), amountIn, to));
        break;
      }
      case 'distribute': {
        const s = sender((a) => canPay(a, 300n * MILLI));
        const recipients = Array.from({ length: prng.int(2, 6) }, () => recipient(s));
        const value = s.dev ? coin(10, 2_000) : coin(10, 200);
        const gas = 60_000n + BigInt(recipients.length) * 45_000n;
        txs.push(tx('distribute', s, world.deployment.splitter, splitter.encodeFunctionData('distribute', [recipients]), gas, value));
        break;
      }
      case 'tip': {
        const s = sender((a) => canPay(a, 50n * MILLI));
        const data = splitter.encodeFunctionData('tip', [recipient(s)]);
        txs.push(tx('tip', s, world.deployment.splitter, data, GAS.tip, s.dev ? coin(1, 500) : coin(1, 50)));
        break;
      }
      case 'mint': {
        const s = sender((a) => canPay(a, 0n));
        const to = prng.chance(0.7) ? s.address : recipient(s);
        txs.push(tx('mint', s, world.deployment.nft, nft.encodeFunctionData('mint', [to]), GAS.mint));
        break;
      }
      case 'fund': {
        const funder = prng.pick(world.devs);
        const w = world.newWallet(coin(1_000, 5_000), BigInt(prng.int(100, 1_000)) * UNIT);
        txs.push(tx('fund', funder, w.address, '0x', GAS.coin, w.coin));
        txs.push(tx('fund', funder, world.token(RUSD), erc20.encodeFunctionData('transfer', [w.address, w.rusd]), GAS.token));
        world.pending.push(w);
        break;
      }
      case 'fail':
        txs.push(failing(prng, world, tx, swapTx, coin));
        break;
    }
  }
  return txs;
}

type TxFn = (kind: TxKind, sender: Actor, to: string, data: string, gasLimit: bigint, value?: bigint) => PlannedTx;
type SwapFn = (s: Actor, path: number[], minPermille: number, amountIn: bigint, to: string) => PlannedTx;

/** A transaction that is mined but reverts: the node cannot refuse it, as the gas limit is explicit. */
function failing(prng: Prng, world: TrafficWorld, tx: TxFn, swapTx: SwapFn, coin: (lo: number, hi: number) => bigint): PlannedTx {
  const s = prng.pick(world.devs);
  const variant = prng.weighted({ balance: 4, slippage: 4, empty: 2 });
  let t: PlannedTx;
  if (variant === 'balance') {
    const ti = prng.int(0, TOKENS.length - 1);
    // Ten times the supply: above any holder's balance.
    const amount = (TOKENS[ti]?.supply ?? 1n) * UNIT * 10n;
    t = tx('fail', s, world.token(ti), erc20.encodeFunctionData('transfer', [prng.pick(world.devs).address, amount]), GAS.token);
    t.note = 'token transfer above the balance';
  } else if (variant === 'slippage') {
    const path = prng.sample([0, 1, 2], 2);
    t = swapTx(s, path, 0, BigInt(prng.int(1, 100)) * HUNDREDTH, s.address);
    t.kind = 'fail';
    t.note = 'swap with an impossible amountOutMin';
  } else {
    t = tx('fail', s, world.deployment.splitter, splitter.encodeFunctionData('distribute', [[]]), 60_000n, coin(1, 100));
    t.note = 'distribute to no recipients';
  }
  t.expectFail = true;
  return t;
}

/** Priority fees of 0.01–3 gwei and one legacy transaction in ten, as a real mempool has. */
function fees(prng: Prng): { tip: bigint; legacy: boolean } {
  const tip = BigInt(prng.pick([1, 10, 50, 100, 100, 150, 200, 300])) * 10_000_000n;
  return { tip, legacy: prng.chance(0.1) };
}

/** Encodes a planned swap once its path is quoted (null: the node could not quote it). */
export function encodeSwap(t: PlannedTx, quotedOut: bigint | null): void {
  const q = t.swap;
  if (!q) return;
  let min: bigint;
  if (q.minPermille === 0) min = quotedOut === null ? MaxUint256 : quotedOut * 2n + 1n;
  else min = quotedOut === null ? 0n : (quotedOut * BigInt(q.minPermille)) / 1000n;
  t.data = router.encodeFunctionData('swapExactTokensForTokens', [q.amountIn, min, q.path, q.recipient]);
}
