/**
 * Storing approvals (024_approvals.sql) in the batch's transaction, and taking them back on a
 * rollback. A reading that differs from the stored row (or that an Approval log made) is a
 * change: one approval_changes row, and the approvals row replaced (deleted when no longer in
 * force). A rollback deletes the changes above the common ancestor and puts back, for each key
 * they touched, its latest change below it: no node call, so it stays inside rollback.ts's one
 * transaction.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { ApprovalReading } from './approvals';

type Tx = Transaction<DB> | Kysely<DB>;

/** Rows per INSERT statement. */
const CHUNK = 500;

export async function writeApprovals(tx: Tx, readings: readonly ApprovalReading[]): Promise<void> {
  if (readings.length === 0) return;
  const stored = new Map<string, { owner: string; spender: string; amount: string }>();
  for (let i = 0; i < readings.length; i += CHUNK) {
    const keys = readings.slice(i, i + CHUNK).map((r) => r.key);
    const rows = await tx
      .selectFrom('approvals')
      .select(['approval_key', 'owner', 'spender', 'amount'])
      .where('approval_key', 'in', keys)
      .execute();
    for (const r of rows) stored.set(r.approval_key, r);
  }
  const changes = readings.filter((r) => {
    const s = stored.get(r.key);
    if (r.fromLog) return true;
    if (!s) return r.amount > 0n;
    return s.amount !== r.amount.toString() || s.owner !== r.owner || s.spender !== r.spender;
  });
  if (changes.length === 0) return;
  const seqBase = new Map<number, number>();
  const values = changes.map((c) => {
    const seq = seqBase.get(c.blockNumber) ?? 0;
    seqBase.set(c.blockNumber, seq + 1);
    return {
      block_number: c.blockNumber,
      seq,
      approval_key: c.key,
      token: c.token,
      kind: c.kind,
      owner: c.owner,
      spender: c.spender,
      token_id: c.tokenId,
      amount: c.amount,
      tx_hash: c.txHash,
      timestamp: c.timestamp,
    };
  });
  for (let i = 0; i < values.length; i += CHUNK) {
    const part = values.slice(i, i + CHUNK);
    await tx.insertInto('approval_changes').values(part).execute();
    await tx
      .deleteFrom('approvals')
      .where(
        'approval_key',
        'in',
        part.map((v) => v.approval_key),
      )
      .execute();
    const inForce = part.filter((v) => v.amount > 0n).map(({ seq: _seq, ...v }) => v);
    if (inForce.length > 0) await tx.insertInto('approvals').values(inForce).execute();
  }
}

/** Inside rollbackFrom, before approval_changes >= from are deleted. */
export async function rollbackApprovals(tx: Tx, from: number): Promise<void> {
  const changed = sql`SELECT DISTINCT approval_key FROM approval_changes WHERE block_number >= ${from}`;
  await sql`DELETE FROM approvals WHERE approval_key IN (${changed})`.execute(tx);
  await sql`INSERT INTO approvals (approval_key, token, kind, owner, spender, token_id, amount, block_number, tx_hash, timestamp)
    SELECT approval_key, token, kind, owner, spender, token_id, amount, block_number, tx_hash, timestamp FROM (
      SELECT DISTINCT ON (approval_key) * FROM approval_changes
      WHERE block_number < ${from} AND approval_key IN (${changed})
      ORDER BY approval_key, block_number DESC, seq DESC
    ) last WHERE last.amount > 0`.execute(tx);
}
