/**
 * The database schema as TypeScript: one runtime table of every column of the migrations, from
 * which the Kysely `DB` type is derived. Being a value, the table is checked against the migrated
 * database itself (tests/server/db/schema.test.ts compares it with information_schema), so the
 * types cannot drift from the SQL. A new migration adds its columns here.
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

/** An SQL identifier, double-quoted. */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export type SqlType =
  'bigint' | 'integer' | 'smallint' | 'text' | 'numeric' | 'jsonb' | 'boolean' | 'double precision' | 'timestamptz' | 'bytea';
export type ColumnSpec = SqlType | `${SqlType} null` | `${SqlType} default` | `${SqlType} null default`;

export const tables = {
  schema_migrations: {
    version: 'integer',
    name: 'text',
    checksum: 'text',
    applied_at: 'timestamptz default',
  },
  blocks: {
    number: 'bigint',
    hash: 'text',
    parent_hash: 'text',
    miner: 'text',
    timestamp: 'bigint',
    size: 'integer',
    gas_used: 'numeric',
    gas_limit: 'numeric',
    base_fee_per_gas: 'numeric null',
    difficulty: 'numeric',
    total_difficulty: 'numeric null',
    nonce: 'text null',
    extra_data: 'text null',
    mix_hash: 'text null',
    receipts_root: 'text null',
    sha3_uncles: 'text null',
    state_root: 'text null',
    tx_count: 'integer',
    // 009_block_traced.sql
    traced: 'boolean default',
  },
  transactions: {
    hash: 'text',
    block_number: 'bigint',
    tx_index: 'integer',
    timestamp: 'bigint',
    from_address: 'text',
    to_address: 'text null',
    contract_address: 'text null',
    value: 'numeric',
    gas: 'numeric',
    gas_price: 'numeric null',
    max_fee_per_gas: 'numeric null',
    max_priority_fee_per_gas: 'numeric null',
    effective_gas_price: 'numeric',
    gas_used: 'numeric',
    fee: 'numeric',
    nonce: 'bigint',
    input: 'text',
    status: 'smallint',
    envelope_type: 'smallint',
    chain_id: 'bigint null',
    v: 'text null',
    r: 'text null',
    s: 'text null',
    tx_type: 'smallint',
    method: 'text null',
    decoded_input: 'jsonb null',
    token_address: 'text null',
  },
  address_transactions: {
    address: 'text',
    block_number: 'bigint',
    tx_index: 'integer',
    hash: 'text',
  },
  logs: {
    block_number: 'bigint',
    log_index: 'integer',
    tx_hash: 'text',
    tx_index: 'integer',
    address: 'text',
    topic0: 'text null',
    topic1: 'text null',
    topic2: 'text null',
    topic3: 'text null',
    data: 'text',
  },
  token_transfers: {
    block_number: 'bigint',
    log_index: 'integer',
    tx_hash: 'text',
    tx_index: 'integer',
    timestamp: 'bigint',
    token_address: 'text',
    from_address: 'text',
    to_address: 'text',
    value: 'numeric',
    token_id: 'numeric null',
  },
  internal_transactions: {
    block_number: 'bigint',
    tx_hash: 'text',
    tx_index: 'integer',
    trace_index: 'integer',
    timestamp: 'bigint',
    trace_address: 'text',
    call_type: 'text',
    from_address: 'text',
    to_address: 'text null',
    value: 'numeric',
    gas: 'numeric null',
    gas_used: 'numeric null',
    input: 'text null',
    output: 'text null',
    error: 'text null',
  },
  contracts: {
    address: 'text',
    block_number: 'bigint',
    tx_hash: 'text',
    creator: 'text',
    timestamp: 'bigint',
    contract_type: 'text',
    is_nft: 'boolean default',
    name: 'text null',
    symbol: 'text null',
    decimals: 'integer null',
    total_supply: 'numeric null',
    tx_count: 'bigint default',
    transfer_count: 'bigint default',
  },
  contract_sources: {
    address: 'text',
    contract_name: 'text',
    source: 'text',
    abi: 'jsonb',
    compiler_version: 'text',
    compiler_settings: 'jsonb',
    verified_at: 'timestamptz default',
    // 003_verified.sql
    source_format: 'text default',
    origin: 'text default',
    match_kind: 'text default',
    constructor_args: 'text default',
    declared_type: 'text null',
    deploy_tx_hash: 'text null',
    license: 'text null',
    // 013_verified_matches.sql
    creation_match: 'text null',
    runtime_match: 'text null',
    constructor_decoded: 'jsonb null',
    creation_tx_hash: 'text null',
    creation_block: 'bigint null',
    creator: 'text null',
    factory: 'text null',
    fully_qualified_name: 'text null',
    bytecode_match: 'jsonb null',
    runtime_length: 'integer null',
  },
  /** 012_sourcify_jobs.sql */
  sourcify_jobs: {
    verification_id: 'text',
    chain_id: 'bigint',
    address: 'text',
    started_at: 'timestamptz default',
    finished_at: 'timestamptz null',
    compilation_ms: 'integer null',
    match: 'text null',
    creation_match: 'text null',
    runtime_match: 'text null',
    error: 'jsonb null',
  },
  verification_jobs: {
    guid: 'text',
    address: 'text',
    outcome: 'text',
    message: 'text',
    created_at: 'timestamptz default',
  },
  /** 010_withdrawals.sql */
  withdrawals: {
    block_number: 'bigint',
    position: 'integer',
    withdrawal_index: 'numeric',
    validator_index: 'numeric',
    address: 'text',
    amount: 'numeric',
    timestamp: 'bigint',
  },
  addresses: {
    address: 'text',
    balance: 'numeric default',
    tx_count: 'bigint default',
    gas_used: 'numeric default',
    first_block: 'bigint',
    last_block: 'bigint',
    is_contract: 'boolean default',
  },
  token_balances: {
    token_address: 'text',
    holder: 'text',
    balance: 'numeric',
    last_block: 'bigint',
  },
  hourly_stats: {
    hour_start: 'bigint',
    tx_count: 'bigint default',
    total_fee: 'numeric default',
    token_tx_count: 'bigint default',
    contract_tx_count: 'bigint default',
  },
  indexer_state: {
    id: 'smallint',
    last_block: 'bigint null',
    last_hash: 'text null',
    node_head: 'bigint default',
    start_block: 'bigint default',
    blocks_per_second: 'double precision default',
    updated_at: 'timestamptz default',
  },
  /** 002_accounts.sql: accounts, their linked wallet and keystore, and tokens added to wallets. */
  users: {
    email: 'text',
    password_hash: 'text',
    wallet_address: 'text null',
    keystore: 'jsonb null',
    created_at: 'timestamptz default',
    wallet_linked_at: 'timestamptz null',
  },
  wallet_tokens: {
    wallet_address: 'text',
    token_address: 'text',
    added_at: 'timestamptz default',
  },
  /** 004_feedback.sql: report-issue and feature-request submissions. */
  feedback: {
    id: 'bigint default',
    kind: 'text',
    name: 'text',
    email: 'text',
    description: 'text',
    created_at: 'timestamptz default',
  },
  /** 005_api_keys.sql: API keys of the documented public API (only their SHA-256 is kept). */
  api_keys: {
    id: 'bigint default',
    key_hash: 'text',
    key_prefix: 'text',
    owner: 'text null',
    label: 'text',
    created_at: 'timestamptz default',
    revoked_at: 'timestamptz null',
  },
  /** 011_socket_io_attachments.sql: written and read by @socket.io/postgres-adapter only. */
  socket_io_attachments: {
    id: 'bigint default',
    created_at: 'timestamptz null default',
    payload: 'bytea null',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;

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

/** Parses a column spec into its parts (used by bulkColumns and the schema test). */
export function parseColumnSpec(spec: ColumnSpec): { type: SqlType; nullable: boolean; hasDefault: boolean } {
  const type = spec.replace(/ null| default/g, '') as SqlType;
  return { type, nullable: spec.includes(' null'), hasDefault: spec.endsWith(' default') };
}

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
