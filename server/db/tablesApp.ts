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
  /** 002_accounts.sql: accounts, their linked wallet and keystore, and tokens added to wallets. */
  users: {
    email: 'text',
    password_hash: 'text',
    wallet_address: 'text null',
    keystore: 'jsonb null',
    created_at: 'timestamptz default',
    wallet_linked_at: 'timestamptz null',
    /** 019_auth_version.sql: 1 = hash of the password (old form), 2 = hash of the log-in secret (common/kdf.ts). */
    auth_version: 'smallint default',
  },
  /** 021_sessions.sql: login sessions; a token (its `sid`) is accepted only while its row is live. */
  sessions: {
    id: 'text',
    email: 'text',
    created_at: 'timestamptz default',
    expires_at: 'timestamptz',
    ended_at: 'timestamptz null',
  },
  /** 022_tx_summary_facts.sql: a failed transaction's revert, asked of the node once. */
  tx_summary_facts: {
    tx_hash: 'text',
    block_hash: 'text',
    revert_data: 'text null',
    revert_error: 'text null',
    revert_source: 'text null',
    asked_at: 'timestamptz default',
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
  /** 015_watchlist.sql: a user's watched addresses, with a private label and alert kinds. */
  watchlist: {
    email: 'text',
    address: 'text',
    label: 'text default',
    alert_incoming: 'boolean default',
    alert_outgoing: 'boolean default',
    alert_tokens: 'boolean default',
    created_at: 'timestamptz default',
  },
  /** 015_watchlist.sql: the alerts raised for them, with a read flag. */
  watchlist_notifications: {
    id: 'bigint default',
    email: 'text',
    address: 'text',
    kind: 'text',
    tx_hash: 'text',
    log_index: 'integer',
    block_number: 'bigint',
    counterparty: 'text null',
    token_address: 'text null',
    value: 'numeric',
    created_at: 'timestamptz default',
    read: 'boolean default',
    block_hash: 'text null', // 017: the alert's block, so a reorg withdraws it
  },
  /** 020_auth_attempts.sql: the log-in and sign-up limits' counters, shared by every API process (server/auth/attempts.ts). */
  auth_attempts: {
    key: 'text',
    count: 'integer',
    expires_at: 'timestamptz',
  },
  /** 011_socket_io_attachments.sql: written and read by @socket.io/postgres-adapter only. */
  socket_io_attachments: {
    id: 'bigint default',
    created_at: 'timestamptz null default',
    payload: 'bytea null',
  },
} as const satisfies Record<string, Record<string, ColumnSpec>>;
