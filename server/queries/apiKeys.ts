/**
 * The api_keys table (005_api_keys.sql): only a key's SHA-256 and its first characters are
 * stored. Making, hashing and resolving keys is server/api/apiKeys.ts's.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface ApiKeyInfo {
  id: number;
  keyPrefix: string;
  owner: string | null;
  label: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const INFO_COLUMNS = ['id', 'key_prefix', 'owner', 'label', 'created_at', 'revoked_at'] as const;
type InfoRow = { id: number; key_prefix: string; owner: string | null; label: string; created_at: Date; revoked_at: Date | null };
const toInfo = (r: InfoRow): ApiKeyInfo => ({
  id: Number(r.id),
  keyPrefix: r.key_prefix,
  owner: r.owner,
  label: r.label,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

export async function insertApiKey(
  db: Kysely<DB>,
  k: { keyHash: string; keyPrefix: string; owner: string | null; label: string },
): Promise<ApiKeyInfo> {
  const row = await db
    .insertInto('api_keys')
    .values({ key_hash: k.keyHash, key_prefix: k.keyPrefix, owner: k.owner, label: k.label })
    .returning(INFO_COLUMNS)
    .executeTakeFirstOrThrow();
  return toInfo(row);
}

/** Every key (of one owner when given; `null` = the operator's), oldest first. Never the hashes. */
export async function listApiKeys(db: Kysely<DB>, owner?: string | null): Promise<ApiKeyInfo[]> {
  let q = db.selectFrom('api_keys').select(INFO_COLUMNS).orderBy('id', 'asc');
  if (owner !== undefined) q = owner === null ? q.where('owner', 'is', null) : q.where('owner', '=', owner);
  return (await q.execute()).map(toInfo);
}

/** How many of `owner`'s keys are not revoked (one COUNT, not the rows). */
export async function countActiveApiKeys(db: Kysely<DB>, owner: string): Promise<number> {
  const r = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('owner', '=', owner)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Revokes a key (only `owner`'s when given: one UPDATE … WHERE id AND owner); false when no such
 * key is active.
 */
export async function revokeApiKey(db: Kysely<DB>, id: number, owner?: string): Promise<boolean> {
  let q = db.updateTable('api_keys').set({ revoked_at: new Date() }).where('id', '=', id).where('revoked_at', 'is', null);
  if (owner !== undefined) q = q.where('owner', '=', owner);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The key with this hash: its id and whether it is revoked; null when none. */
export async function findApiKeyByHash(
  db: Kysely<DB>,
  keyHash: string,
): Promise<{ id: number; revoked: boolean; owner: string | null } | null> {
  const row = await db.selectFrom('api_keys').select(['id', 'revoked_at', 'owner']).where('key_hash', '=', keyHash).executeTakeFirst();
  return row ? { id: Number(row.id), revoked: row.revoked_at !== null, owner: row.owner ?? null } : null;
}
