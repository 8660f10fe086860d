/**
 * RBC20 balances before → after one transaction (the State tab): the differences from
 * its Transfer events; the balance before from the token's balanceOf at the end of the previous
 * block plus the same block's earlier transfers (both sources do this: a storage diff is not a
 * balance until a layout names it). balanceOf runs the token's code, so it goes through the
 * visitor lane; a call that fails leaves before/after unknown, the difference stays.
 */
import { Interface } from 'ethers';
import { rpcCalls, settledOf } from '../chain/rpcActions';
import { ApiError } from '../../common/api/error';
import type { ApiContext } from '../core/context';
import { earlierTokens, type StateTxRow, type TokenMove } from '../queries/stateRows';

const erc20 = new Interface(['function balanceOf(address) view returns (uint256)']);

export interface RawToken {
  token: string;
  holder: string;
  before: bigint | null;
  after: bigint | null;
  difference: bigint;
}

/** The visitor lane is full (a 429): the balances stay unknown rather than fail the whole answer. */
function busyAsUnknown(err: unknown): [] {
  if (err instanceof ApiError && err.statusCode === 429) return [];
  throw err;
}

export async function tokenChanges(ctx: ApiContext, tx: StateTxRow, moves: readonly TokenMove[]): Promise<RawToken[]> {
  const diffs = new Map<string, { token: string; holder: string; d: bigint }>();
  const add = (token: string, holder: string, d: bigint) => {
    const k = `${token}:${holder}`;
    const e = diffs.get(k) ?? { token, holder, d: 0n };
    e.d += d;
    diffs.set(k, e);
  };
  for (const m of moves) {
    add(m.token, m.from, -BigInt(m.value));
    add(m.token, m.to, BigInt(m.value));
  }
  // The zero address stands for minting and burning: it holds no balance.
  const pairs = [...diffs.entries()].filter(([, e]) => !/^0x0{40}$/.test(e.holder));
  if (pairs.length === 0) return [];
  const earlier = await earlierTokens(ctx, tx, [...new Set(pairs.map(([, e]) => e.token))]);
  const prev = Math.max(tx.blockNumber - 1, 0);
  const calls = pairs.map(([, e]) => rpcCalls.call({ to: e.token, data: erc20.encodeFunctionData('balanceOf', [e.holder]) }, prev));
  const answers = tx.blockNumber === 0 ? [] : await settledOf(ctx.visitorRpc, calls).catch(busyAsUnknown);
  return pairs.map(([k, e], i) => {
    const a = answers[i];
    let start: bigint | null = tx.blockNumber === 0 ? 0n : null;
    if (a?.ok && /^0x[0-9a-fA-F]{64}/.test(a.result)) start = BigInt(a.result.slice(0, 66));
    const before = start === null ? null : start + (earlier.get(k) ?? 0n);
    return { token: e.token, holder: e.holder, before, after: before === null ? null : before + e.d, difference: e.d };
  });
}
