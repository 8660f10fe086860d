/**
 * Watchlist alerts: after each new block, the transactions and token transfers of the
 * blocks since the last look are matched against the watched addresses; each match a user asked
 * for becomes a notification row and is pushed to that user's sockets (room `userRoom(email)`).
 *
 * Every API process hears each block (docs/architecture.md, step 4) and runs this; the inserts
 * carry a unique key, and a process sends only the alerts its own insert landed, through
 * `io.to(room)`: with socket.io's PostgreSQL adapter (server/realtime/adapter.ts) that reaches the
 * user's sockets on whichever process holds them, and each alert goes out once.
 */
import type { WatchAlertKind, WatchNotification } from '../../common/api/watchlist';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { rubyAddress } from '../core/format';
import { SeenBlocks, withdrawAlertsFrom } from './reorgAlerts';
import { blockActivity, insertNotifications, readNotifications, watchersOf, type NewNotification, type NotificationRow } from './queries';

/** Most blocks looked at after one event (a process that fell far behind skips older ones). */
export const MAX_ALERT_BLOCKS = 200;

/** The socket.io room of one user's sockets. */
export function userRoom(email: string): string {
  return `user:${email}`;
}

export function toNotification(r: NotificationRow): WatchNotification {
  return {
    id: r.id,
    address: rubyAddress(r.address),
    label: r.label,
    kind: r.kind,
    hash: r.txHash,
    blockNumber: r.blockNumber,
    counterparty: rubyAddress(r.counterparty),
    tokenAddress: rubyAddress(r.tokenAddress),
    tokenSymbol: r.tokenSymbol,
    tokenDecimals: r.tokenDecimals,
    valueWei: r.value,
    method: r.method,
    moves: r.moves,
    createdAt: r.createdAt.toISOString(),
    read: r.read,
  };
}

type Activity = Awaited<ReturnType<typeof blockActivity>>;

/** The notifications `activity` raises for the watchers of the addresses it touches. */
export async function matchActivity(db: Kysely<DB>, activity: Activity): Promise<NewNotification[]> {
  const touched = new Set<string>();
  for (const t of activity.txs) for (const a of [t.from_address, t.to_address ?? t.contract_address]) if (a) touched.add(a);
  for (const t of activity.transfers) touched.add(t.from_address).add(t.to_address);
  for (const a of activity.approvals) touched.add(a.owner);
  const watchers = await watchersOf(db, [...touched]);
  if (watchers.length === 0) return [];
  const byAddress = new Map<string, typeof watchers>();
  for (const w of watchers) byAddress.set(w.address, [...(byAddress.get(w.address) ?? []), w]);
  const out: NewNotification[] = [];
  const add = (address: string | null, kind: WatchAlertKind, base: Omit<NewNotification, 'email' | 'address' | 'kind'>) => {
    for (const w of (address && byAddress.get(address)) || []) {
      // An approval is a token alert: it lets another address take the tokens.
      const wanted = kind === 'incoming' ? w.alerts.incoming : kind === 'outgoing' ? w.alerts.outgoing : w.alerts.tokens;
      if (wanted) out.push({ email: w.email, address: w.address, kind, ...base });
    }
  };
  for (const t of activity.txs) {
    const to = t.to_address ?? t.contract_address;
    const blockNumber = Number(t.block_number);
    const base = {
      txHash: t.hash,
      logIndex: -1,
      blockNumber,
      blockHash: activity.blocks.get(blockNumber) ?? null,
      tokenAddress: null,
      value: t.value,
    };
    add(t.from_address, 'outgoing', { ...base, counterparty: to });
    add(to, 'incoming', { ...base, counterparty: t.from_address });
  }
  for (const t of activity.transfers) {
    // One alert per log: an ERC-1155 TransferBatch's other ids (batch_index > 0) are read with it
    // when the alert is (txMoves.ts, nftLogsOf), and would only repeat its unique key.
    if (t.batch_index > 0) continue;
    const blockNumber = Number(t.block_number);
    const base = {
      txHash: t.tx_hash,
      logIndex: t.log_index,
      blockNumber,
      blockHash: activity.blocks.get(blockNumber) ?? null,
      tokenAddress: t.token_address,
    };
    const value = t.token_id ?? t.value;
    add(t.from_address, 'token_out', { ...base, counterparty: t.to_address, value });
    add(t.to_address, 'token_in', { ...base, counterparty: t.from_address, value });
  }
  for (const a of activity.approvals) {
    const blockNumber = Number(a.block_number);
    // One alert per change; below -1 (a coin alert's) so it never meets a log's index.
    add(a.owner, 'approval', {
      txHash: a.tx_hash,
      logIndex: -2 - a.seq,
      blockNumber,
      blockHash: activity.blocks.get(blockNumber) ?? null,
      tokenAddress: a.token,
      counterparty: a.spender,
      value: a.kind === 'erc721' ? (a.token_id ?? '0') : a.kind === 'operator' ? '0' : a.amount,
    });
  }
  return out;
}

export interface AlertSink {
  /** Sends one alert to the room of its user (through the adapter in scale-out mode). */
  send(room: string, alert: WatchNotification): void;
  /** Tells the room's user that a reorg withdrew these alerts. */
  withdraw(room: string, ids: number[]): void;
}

/**
 * Follows the new-block events: `onBlock(n)` raises and sends the alerts of the blocks after the
 * last one looked at, up to n (one run at a time; a block announced meanwhile is looked at next).
 * Starts at the head indexed when it first looks (`start`): no alerts for history.
 */
export function alertFollower(db: Kysely<DB>, sink: AlertSink, log: (m: string) => void, start: () => Promise<number>) {
  let done: number | null = null;
  let wanted = -1;
  /** A block event arrived since the loop last compared the remembered block hashes. */
  let pending = false;
  let running: Promise<void> | null = null;
  const seen = new SeenBlocks(MAX_ALERT_BLOCKS);
  // Asked at once, before any event: the head indexed now is where the alerts begin.
  const initial = start();
  initial.catch(() => {});

  const runOnce = async (to: number, after: number) => {
    const from = Math.max(after, to - MAX_ALERT_BLOCKS);
    const activity = await blockActivity(db, from, to);
    const ids = await insertNotifications(db, await matchActivity(db, activity));
    seen.record(from, to, activity.blocks);
    done = to;
    // Oldest first, so a toast of the newest is the one left on screen.
    for (const row of (await readNotifications(db, { ids })).reverse()) sink.send(userRoom(row.email), toNotification(row));
  };

  /** A reorg under blocks already looked at: withdraw their stale alerts and look again from there. */
  const reorgCheck = async () => {
    const from = await seen.changedFrom(db);
    if (from === null || done === null) return;
    for (const [email, ids] of await withdrawAlertsFrom(db, from)) sink.withdraw(userRoom(email), ids);
    seen.forgetFrom(from);
    done = Math.min(done, from - 1);
  };

  const loop = async () => {
    if (done === null) {
      try {
        done = await initial;
      } catch (err) {
        log(`watchlist: indexed head unknown: ${err instanceof Error ? err.message : String(err)}`);
        return;
      }
    }
    while (pending || wanted > done) {
      pending = false;
      try {
        await reorgCheck();
      } catch (err) {
        log(`watchlist: reorg check skipped: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (wanted <= done) continue;
      try {
        await runOnce(wanted, done);
      } catch (err) {
        log(`watchlist: alerts up to block ${wanted} skipped: ${err instanceof Error ? err.message : String(err)}`);
        done = wanted;
      }
    }
  };

  return {
    onBlock(block: number): Promise<void> {
      if (block > wanted) wanted = block;
      pending = true;
      running ??= loop().finally(() => {
        running = null;
      });
      return running;
    },
    /** The last block looked at (null before the first event). */
    lastBlock: () => done,
  };
}
