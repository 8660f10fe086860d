/**
 * The database schema as TypeScript: one runtime table of every column of the migrations, from
 * which the Kysely `DB` type is derived. Being a value, the table is checked against the migrated
 * database itself (tests/server/db/schema.test.ts compares it with information_schema), so the
 * types cannot drift from the SQL. The table lists are in tablesChain.ts (chain rows),
 * tablesTotals.ts (running state) and tablesApp.ts (the API's own); a new migration adds its
 * columns there.
 *
 * Column spec: '<sql type>' plus ' null' when nullable and ' default' when the insert may omit it.
 * Types as the code sees them (the same for pg, PGlite and remote; see typeParsers.ts):
 *   bigint → number on select; number | bigint accepted on insert/update
 *   integer, smallint, double precision → number;  text → string;  boolean → boolean
 *   numeric → string on select (exact wei); string | bigint accepted on insert/update
 *   jsonb → parsed JSON on select; insert/update take JSON TEXT (a string, see `toJsonText`),
 *     because node-postgres would turn a JS array parameter into a Postgres array, not JSON
 *   timestamptz → Date on select; Date | ISO string accepted
 */
import type { ColumnType } from 'kysely';
import type { ColumnSpec } from './columnSpec';
import { appTables } from './tablesApp';
import { chainTables } from './tablesChain';
import { totalsTables } from './tablesTotals';

/** An SQL identifier, double-quoted. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export { parseColumnSpec, type ColumnSpec, type SqlType } from './columnSpec';

/** Every table, by group: chain rows, running state, the API's own tables. */
export const tables = { ...chainTables, ...totalsTables, ...appTables };

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** [select, insert, update] types of each SQL type, before nullability and defaults. */
interface TypeMap {
  bigint: [number, number | bigint, number | bigint];
  integer: [number, number, number];
  smallint: [number, number, number];
  'double precision': [number, number, number];
  text: [string, string, string];
  boolean: [boolean, boolean, boolean];
  numeric: [string, string | bigint, string | bigint];
  jsonb: [JsonValue, string, string];
  timestamptz: [Date, Date | string, Date | string];
  bytea: [Uint8Array, Uint8Array, Uint8Array];
}

type BaseOf<S extends string> = S extends `${infer T} null default`
  ? T
  : S extends `${infer T} null`
    ? T
    : S extends `${infer T} default`
      ? T
      : S;
type Nullable<S extends string, T> = S extends `${string} null${string}` ? T | null : T;
type Optional<S extends string, T> = S extends `${string} default` ? T | undefined : T;

type Base<S extends ColumnSpec> = TypeMap[BaseOf<S> & keyof TypeMap];
type ColumnOf<S> = S extends ColumnSpec
  ? ColumnType<Nullable<S, Base<S>[0]>, Optional<S, Nullable<S, Base<S>[1]>>, Nullable<S, Base<S>[2]>>
  : never;

type Tables = typeof tables;

/** The Kysely database type: `Kysely<DB>`. */
export type DB = { [T in keyof Tables]: { [C in keyof Tables[T]]: ColumnOf<Tables[T][C]> } };

export type TableName = keyof DB & string;

/**
 * JSON text for a jsonb parameter (insert/update values, sql`` parameters). bigint values become
 * decimal strings, so amounts inside decoded inputs stay exact.
 */
export function toJsonText(value: unknown): string {
  let text: string | undefined;
  try {
    // Without a replacer first: JSON.stringify takes a much faster path, and the indexer's decoded
    // inputs hold no bigint. A bigint anywhere makes it throw, and the replacer handles it.
    text = JSON.stringify(value);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  }
  if (text === undefined) throw new TypeError(`value of type ${typeof value} has no JSON form`);
  return text;
}
