/**
 * The users table (002_accounts.sql): emails trimmed and lowercase, scrypt password hashes, the
 * linked wallet's address and its encrypted keystore. Nothing here sees a private key.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { toJsonText } from '../db/schema';
import { sqlState } from '../db/errors';

export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
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

export function passwordProblem(password: string): string | null {
  if (password === '') return 'the password is required';
  if (password.length < PASSWORD_MIN) return `the password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `the password must be at most ${PASSWORD_MAX} characters`;
  return null;
}

export interface UserRow {
  email: string;
  passwordHash: string;
  walletAddress: string | null;
  keystore: string | null;
}

export async function findUser(db: Kysely<DB>, email: string): Promise<UserRow | null> {
  const r = await db
    .selectFrom('users')
    .select(['email', 'password_hash', 'wallet_address', 'keystore'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!r) return null;
  return {
    email: r.email,
    passwordHash: r.password_hash,
    walletAddress: r.wallet_address,
    keystore: r.keystore === null ? null : JSON.stringify(r.keystore),
  };
}

/** False when the email is taken (the primary key decides, so two racing sign-ups cannot both win). */
export async function insertUser(db: Kysely<DB>, email: string, passwordHash: string): Promise<boolean> {
  try {
    const r = await db
      .insertInto('users')
      .values({ email, password_hash: passwordHash })
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
