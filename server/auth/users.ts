/**
 * The users table (002_accounts.sql, 019_auth_version.sql): emails trimmed and lowercase, scrypt
 * hashes of the log-in secret (auth_version 2) or, for accounts not moved over yet, of the
 * password (1); the linked wallet's address and its encrypted keystore. Nothing here sees a
 * private key or a wallet key.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { toJsonText } from '../db/schema';
import { sqlState } from '../db/errors';

export const EMAIL_MAX = 254;
export { passwordProblem } from '../../common/kdfParams';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}

/** Null when the email is acceptable; else what is wrong with it. */
export function emailProblem(email: string): string | null {
  if (email === '') return 'the email is required';
  if (email.length > EMAIL_MAX || !EMAIL.test(email)) return 'the email address is not valid';
  return null;
}

/** 1: password_hash covers the password (old form); 2: the log-in secret (common/kdf.ts). */
export type AuthVersion = 1 | 2;
export const LEGACY_AUTH: AuthVersion = 1;
export const SPLIT_AUTH: AuthVersion = 2;

export interface UserRow {
  email: string;
  passwordHash: string;
  authVersion: AuthVersion;
  walletAddress: string | null;
  keystore: string | null;
}

export async function findUser(db: Kysely<DB>, email: string): Promise<UserRow | null> {
  const r = await db
    .selectFrom('users')
    .select(['email', 'password_hash', 'auth_version', 'wallet_address', 'keystore'])
    .where('email', '=', email)
    .executeTakeFirst();
  return r ? toUserRow(r) : null;
}

/** A users row as read (the columns findUser selects) in the form the code uses. */
export function toUserRow(r: {
  email: string;
  password_hash: string;
  auth_version: number;
  wallet_address: string | null;
  keystore: unknown;
}): UserRow {
  return {
    email: r.email,
    passwordHash: r.password_hash,
    authVersion: Number(r.auth_version) === SPLIT_AUTH ? SPLIT_AUTH : LEGACY_AUTH,
    walletAddress: r.wallet_address,
    keystore: r.keystore === null ? null : JSON.stringify(r.keystore),
  };
}

/** False when the email is taken (the primary key decides, so two racing sign-ups cannot both win). */
export async function insertUser(db: Kysely<DB>, email: string, passwordHash: string, authVersion: AuthVersion): Promise<boolean> {
  try {
    const r = await db
      .insertInto('users')
      .values({ email, password_hash: passwordHash, auth_version: authVersion })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
  } catch (err) {
    if (sqlState(err) === '23505') return false;
    throw err;
  }
}

export async function linkWallet(db: Kysely<DB>, email: string, address: string, keystoreJson: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ wallet_address: address, keystore: toJsonText(JSON.parse(keystoreJson)), wallet_linked_at: new Date() })
    .where('email', '=', email)
    .execute();
}

/**
 * Moves an account to the split form in ONE statement: the new hash, auth_version 2 and (when a
 * wallet is linked) the keystore re-encrypted with the wallet key. Only while the row still holds
 * `oldHash` (the hash the caller proved the password against), so a replay, a race or a second
 * call changes nothing: false then.
 */
export async function rekeyUser(
  db: Kysely<DB>,
  email: string,
  oldHash: string,
  next: { passwordHash: string; keystoreJson: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({
      password_hash: next.passwordHash,
      auth_version: SPLIT_AUTH,
      ...(next.keystoreJson === null ? {} : { keystore: toJsonText(JSON.parse(next.keystoreJson)) }),
    })
    .where('email', '=', email)
    .where('password_hash', '=', oldHash)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
