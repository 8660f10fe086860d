/**
 * The API's own tables, which the chain does not hold: migrations applied, verified sources and
 * verification jobs, accounts and their wallets, feedback, API keys, socket.io's attachments.
 * They stay on the primary database (readRouting.ts's API_TABLES; socket.io's adapter connects
 * there itself). Part of `tables` (schema.ts).
 */
import type { ColumnSpec } from './columnSpec';

export const appTables = {
  schema_migrations: {
    version: 'integer',
    name: 'text',
    checksum: 'text',
    applied_at: 'timestamptz default',
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
  },
  verification_jobs: {
    guid: 'text',
    address: 'text',
    outcome: 'text',
    message: 'text',
    created_at: 'timestamptz default',
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
