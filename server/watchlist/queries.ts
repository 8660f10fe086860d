/**
 * The watchlist tables (015_watchlist.sql): a user's watched addresses and the alerts raised for
 * them. Addresses are lowercase 0x hex here; the routes turn them into r… for the answers.
 */
import type { Kysely } from 'kysely';
import { MAX_WATCHED, NOTIFICATIONS_SHOWN, type WatchAlertKind, type WatchAlerts } from '../../common/api/watchlist';
import type { DB } from '../db/schema';
import { describeTxs, descriptionOf, nftLogsOf, type TxDescription } from './txMoves';

export interface WatchRow {
  address: string;
  label: string;
  alerts: WatchAlerts;
  createdAt: Date;
}

const COLUMNS = ['address', 'label', 'alert_incoming', 'alert_outgoing', 'alert_tokens', 'created_at'] as const;
type Raw = { address: string; label: string; alert_incoming: boolean; alert_outgoing: boolean; alert_tokens: boolean; created_at: Date };
const toRow = (r: Raw): WatchRow => ({
  address: r.address,
  label: r.label,
  alerts: { incoming: r.alert_incoming, outgoing: r.alert_outgoing, tokens: r.alert_tokens },
  createdAt: r.created_at,
});

/** The user's watched addresses, oldest first. */
export async function listWatched(db: Kysely<DB>, email: string): Promise<WatchRow[]> {
  const rows = await db
    .selectFrom('watchlist')
    .select(COLUMNS)
    .where('email', '=', email)
    .orderBy('created_at')
    .orderBy('address')
    .execute();
  return rows.map(toRow);
}

export type SaveResult = { ok: true; row: WatchRow; created: boolean } | { ok: false; reason: 'full' };

/**
 * Adds an address or updates its label and alerts. A new one is refused once the user watches
 * MAX_WATCHED; the user's row is locked first, so two concurrent adds cannot both pass the count.
 */
export async function saveWatched(db: Kysely<DB>, email: string, address: string, label: string, alerts: WatchAlerts): Promise<SaveResult> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('email').where('email', '=', email).forUpdate().execute();
    const existing = await trx
      .selectFrom('watchlist')
      .select('address')
      .where('email', '=', email)
      .where('address', '=', address)
      .executeTakeFirst();
    const values = { label, alert_incoming: alerts.incoming, alert_outgoing: alerts.outgoing, alert_tokens: alerts.tokens };
    if (existing) {
      const row = await trx
        .updateTable('watchlist')
        .set(values)
        .where('email', '=', email)
        .where('address', '=', address)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return { ok: true, row: toRow(row), created: false };
    }
    const n = await trx
      .selectFrom('watchlist')
      .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= MAX_WATCHED) return { ok: false, reason: 'full' };
    const row = await trx
      .insertInto('watchlist')
      .values({ email, address, ...values })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return { ok: true, row: toRow(row), created: true };
  });
}

/** False when the user did not watch it. */
export async function removeWatched(db: Kysely<DB>, email: string, address: string): Promise<boolean> {
  const r = await db.deleteFrom('watchlist').where('email', '=', email).where('address', '=', address).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Who watches which of `addresses` (lowercase 0x), with the alert kinds they want. */
export async function watchersOf(db: Kysely<DB>, addresses: readonly string[]): Promise<Array<{ email: string } & WatchRow>> {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectFrom('watchlist')
    .select(['email', ...COLUMNS])
    .where('address', 'in', [...addresses])
    .execute();
  return rows.map((r) => ({ email: r.email, ...toRow(r) }));
}

export interface NewNotification {
  email: string;
  address: string;
  kind: WatchAlertKind;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  /** The block's hash (017): a reorg that removes the block withdraws the alert. */
  blockHash: string | null;
  counterparty: string | null;
  tokenAddress: string | null;
  value: string;
}

export interface NotificationRow extends NewNotification, TxDescription {
  id: number;
  label: string;
  tokenSymbol: string | null;
  tokenDecimals: number | null;
  createdAt: Date;
  read: boolean;
}

/**
 * Inserts the alerts; answers only those this call inserted (a row another process inserted
 * first is skipped by the unique key), so each alert is sent once.
 */
export async function insertNotifications(db: Kysely<DB>, rows: readonly NewNotification[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('watchlist_notifications')
    .values(
      rows.map((r) => ({
        email: r.email,
        address: r.address,
        kind: r.kind,
        tx_hash: r.txHash,
        log_index: r.logIndex,
        block_number: r.blockNumber,
        block_hash: r.blockHash,
        counterparty: r.counterparty,
        token_address: r.tokenAddress,
        value: r.value,
      })),
    )
    .onConflict((oc) => oc.columns(['email', 'tx_hash', 'log_index', 'address', 'kind']).doNothing())
    .returning('id')
    .execute();
  return inserted.map((r) => Number(r.id));
}

/** Notifications by id (or the user's newest), with the current label and the token's symbol. */
export async function readNotifications(db: Kysely<DB>, by: { ids: readonly number[] } | { email: string }): Promise<NotificationRow[]> {
  if ('ids' in by && by.ids.length === 0) return [];
  let q = db
    .selectFrom('watchlist_notifications as n')
    .leftJoin('watchlist as w', (j) => j.onRef('w.email', '=', 'n.email').onRef('w.address', '=', 'n.address'))
    .select([
      'n.id',
      'n.email',
      'n.address',
      'n.kind',
      'n.tx_hash',
      'n.log_index',
      'n.block_number',
      'n.block_hash',
      'n.counterparty',
      'n.token_address',
      'n.value',
      'n.created_at',
      'n.read',
      'w.label',
    ])
    .orderBy('n.id', 'desc');
  q = 'ids' in by ? q.where('n.id', 'in', [...by.ids]) : q.where('n.email', '=', by.email).limit(NOTIFICATIONS_SHOWN);
  const rows = await q.execute();
  // The token's symbol from the chain tables: a second query, so the first stays on the API's
  // own tables (docs/architecture.md: with DATABASE_READ_URL, chain reads go to the replica).
  const tokens = [...new Set(rows.map((r) => r.token_address).filter((t): t is string => t !== null))];
  const meta = tokens.length
    ? await db.selectFrom('contracts').select(['address', 'symbol', 'decimals']).where('address', 'in', tokens).execute()
    : [];
  const byToken = new Map(meta.map((m) => [m.address, m]));
  const described = await describeTxs(db, [...new Set(rows.filter((r) => r.log_index === -1).map((r) => r.tx_hash))]);
  const nftLogs = await nftLogsOf(
    db,
    rows.filter((r) => r.log_index >= 0).map((r) => ({ txHash: r.tx_hash, blockNumber: Number(r.block_number), logIndex: r.log_index })),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    email: r.email,
    address: r.address,
    kind: r.kind as WatchAlertKind,
    txHash: r.tx_hash,
    logIndex: r.log_index,
    blockNumber: Number(r.block_number),
    blockHash: r.block_hash,
    counterparty: r.counterparty,
    tokenAddress: r.token_address,
    value: r.value,
    ...descriptionOf(
      described,
      {
        txHash: r.tx_hash,
        logIndex: r.log_index,
        kind: r.kind,
        tokenAddress: r.token_address,
        tokenSymbol: r.token_address === null ? null : (byToken.get(r.token_address)?.symbol ?? null),
      },
      nftLogs,
    ),
    label: r.label ?? '',
    tokenSymbol: r.token_address === null ? null : (byToken.get(r.token_address)?.symbol ?? null),
    tokenDecimals: r.token_address === null ? null : (byToken.get(r.token_address)?.decimals ?? null),
    createdAt: r.created_at,
    read: r.read,
  }));
}

export async function countUnread(db: Kysely<DB>, email: string): Promise<number> {
  const r = await db
    .selectFrom('watchlist_notifications')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('email', '=', email)
    .where('read', '=', false)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks the user's notifications (those ids, or all) read; answers how many changed. */
export async function markRead(db: Kysely<DB>, email: string, ids?: readonly number[]): Promise<number> {
  if (ids !== undefined && ids.length === 0) return 0;
  let q = db.updateTable('watchlist_notifications').set({ read: true }).where('email', '=', email).where('read', '=', false);
  if (ids !== undefined) q = q.where('id', 'in', [...ids]);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Chain rows of blocks (from, to]: the blocks' hashes, transactions, token transfers and approvals given. */
export async function blockActivity(db: Kysely<DB>, from: number, to: number) {
  const blocks = await db.selectFrom('blocks').select(['number', 'hash']).where('number', '>', from).where('number', '<=', to).execute();
  const txs = await db
    .selectFrom('transactions')
    .select(['hash', 'block_number', 'from_address', 'to_address', 'contract_address', 'value'])
    .where('block_number', '>', from)
    .where('block_number', '<=', to)
    .execute();
  const transfers = await db
    .selectFrom('token_transfers')
    .select(['tx_hash', 'log_index', 'batch_index', 'block_number', 'token_address', 'from_address', 'to_address', 'value', 'token_id'])
    .where('block_number', '>', from)
    .where('block_number', '<=', to)
    .execute();
  // Approvals the owner gave itself (its own transaction: a spender's transferFrom only spends one).
  const approvals = await db
    .selectFrom('approval_changes as a')
    .innerJoin('transactions as t', (j) => j.onRef('t.hash', '=', 'a.tx_hash').onRef('t.from_address', '=', 'a.owner'))
    .select(['a.block_number', 'a.seq', 'a.tx_hash', 'a.token', 'a.kind', 'a.owner', 'a.spender', 'a.amount', 'a.token_id'])
    .where('a.block_number', '>', from)
    .where('a.block_number', '<=', to)
    .where('a.amount', '>', '0')
    .execute();
  return { blocks: new Map(blocks.map((b) => [Number(b.number), b.hash])), txs, transfers, approvals };
}

/** The highest indexed block now (-1 when none). */
export async function indexedHeadNow(db: Kysely<DB>): Promise<number> {
  const r = await db
    .selectFrom('blocks')
    .select((eb) => eb.fn.max('number').as('max'))
    .executeTakeFirst();
  return r?.max === null || r?.max === undefined ? -1 : Number(r.max);
}
